//! The `corroborate` command's library face: the pipeline lives in `corroborate-pipeline`
//! and is re-exported here, so code written against this crate keeps compiling. The binary only
//! parses arguments and prints.

#![deny(clippy::string_slice)]

pub use corroborate_pipeline::{
    analyze, analyze_with, annotate, guard, link, link_selected, link_with, process, process_with,
    reconcile, Analysed, AnalyzeRequest, NoProgress, Processed, Progress, RecordChoice,
    StoryResult,
};
