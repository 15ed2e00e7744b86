//! Known news outlets and the words that mark a name as one: the shared table in
//! `corroborate_core::lexicon::outlets`.

pub(crate) use corroborate_core::lexicon::outlets::{looks_like_outlet, normalize};
