//! Rendering of results. [`json`] is the contract: schema `corroborate/1`, documented in
//! `docs/report-format.md`. [`markdown`] and [`html`] render the same report for people, read
//! through the [`dossier`] view of the JSON.

pub mod dossier;
pub mod html;
pub mod json;
pub mod markdown;
