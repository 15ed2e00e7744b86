//! Rendering of results. [`json`] is the contract: schema `corroborate/1`, documented in
//! `docs/report-format.md`.

pub mod json;
