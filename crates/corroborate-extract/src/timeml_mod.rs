//! Reading a TIMEX3 `mod` back from a serialised result: the closed set of TimeML 1.2 values,
//! so a [`crate::dates::Timex`] keeps a `&'static str` and no allocation per expression.

use serde::{Deserialize, Deserializer};

/// Every TIMEX3 `mod` value TimeML 1.2 defines.
pub const VALUES: [&str; 12] = [
    "BEFORE",
    "AFTER",
    "ON_OR_BEFORE",
    "ON_OR_AFTER",
    "LESS_THAN",
    "MORE_THAN",
    "EQUAL_OR_LESS",
    "EQUAL_OR_MORE",
    "START",
    "MID",
    "END",
    "APPROX",
];

/// Deserialises an optional `mod`, refusing values outside TimeML's set.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<&'static str>, D::Error> {
    let Some(s) = Option::<String>::deserialize(d)? else {
        return Ok(None);
    };
    VALUES
        .iter()
        .find(|v| **v == s)
        .map(|v| Some(*v))
        .ok_or_else(|| serde::de::Error::custom(format!("unknown TIMEX3 mod {s:?}")))
}

/// A TIMEX3 `mod` value, one of [`VALUES`]. An alias, so that serde's derive does not take the
/// `'static` of the field's type for a borrow from the input.
pub type Mod = &'static str;
