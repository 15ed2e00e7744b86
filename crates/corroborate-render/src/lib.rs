//! Rendering of results. [`json`] is the contract: schema `corroborate/1`, documented in
//! `docs/report-format.md`. [`markdown`] and [`html`] render the same report for people: both
//! read the [`dossier`] (the report as read back from JSON) through one view model, [`view`],
//! which decides what each story shows and says; the two writers only choose markup and escape.

#![deny(clippy::string_slice)]

pub mod dossier;
pub mod html;
pub mod json;
pub mod markdown;
pub mod view;
