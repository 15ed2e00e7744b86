//! Abbreviations of news English and the closed-class words that start sentences.
//!
//! An abbreviation's period ends a sentence only when the evidence after it is strong; how
//! strong depends on the abbreviation's class.

/// How an abbreviation followed by a period behaves at a possible sentence end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// Stands before a name ("Sgt.", "Dr.", "Gov."): never ends a sentence.
    Title,
    /// Usually before a number ("No. 5", "Oct. 23"): no split before a digit; otherwise
    /// like [`Class::Ambiguous`].
    BeforeNumber,
    /// May end a sentence ("Jr.", "Inc.", "Tenn.", "U.S.", initials): split only before a
    /// word that typically starts a sentence.
    Ambiguous,
    /// A time of day ("a.m.", "p.m."): split before any capitalised word except time zones,
    /// weekdays and the like.
    Time,
    /// Never ends a sentence ("e.g.", "i.e.", "vs.").
    Never,
}

/// The class of `word` (without its final period) if it is a known abbreviation.
/// Capitalised entries match only capitalised words.
pub(crate) fn lookup(word: &str) -> Option<Class> {
    use Class::*;
    // Every single-word entry is at most six bytes long.
    if word.len() > 6 && !word.contains('.') {
        return None;
    }
    let class = match word {
        "Mr" | "Mrs" | "Ms" | "Messrs" | "Mmes" | "Dr" | "Drs" | "Sgt" | "Gov" | "Govs" | "Lt"
        | "Capt" | "Det" | "Dets" | "Rep" | "Reps" | "Sen" | "Sens" | "Gen" | "Col" | "Maj"
        | "Cpl" | "Pvt" | "Pfc" | "Spc" | "Adm" | "Cmdr" | "Cdr" | "Prof" | "Rev" | "Hon"
        | "Pres" | "Supt" | "Insp" | "Atty" | "Msgr" | "Fr" | "Mt" | "Ft" | "Ofc" | "Cpt"
        | "Brig" | "Lieut" | "Dep" | "Asst" | "Sgts" | "Amb" | "Treas" | "Comm" | "Commr"
        | "Mme" | "Mlle" | "Sra" | "Sta" | "Sto" => Title,
        "No" | "Nos" | "no" | "nos" | "Vol" | "vol" | "Fig" | "fig" | "Art" | "art" | "Ch"
        | "ch" | "Pt" | "pt" | "pp" | "Jan" | "Feb" | "Mar" | "Apr" | "Jun" | "Jul" | "Aug"
        | "Sep" | "Sept" | "Oct" | "Nov" | "Dec" | "approx" | "Approx" | "Rte" | "Hwy" | "Apt"
        | "Ste" | "Rm" | "Nr" | "nr" | "Ex" | "Para" | "para" => BeforeNumber,
        "Jr" | "Sr" | "St" | "Inc" | "Co" | "Cos" | "Corp" | "Ltd" | "Bros" | "Plc" | "etc"
        | "al" | "Ave" | "Blvd" | "Rd" | "Dept" | "Univ" | "Assn" | "Ct" | "Ln" | "Pl" | "Pkwy"
        | "Hts" | "Sq" | "Ala" | "Ariz" | "Ark" | "Calif" | "Cal" | "Colo" | "Conn" | "Del"
        | "Fla" | "Ga" | "Ill" | "Ind" | "Kan" | "Kans" | "Ky" | "La" | "Md" | "Mass" | "Mich"
        | "Minn" | "Miss" | "Mo" | "Mont" | "Neb" | "Nebr" | "Nev" | "Okla" | "Ore" | "Oreg"
        | "Pa" | "Penn" | "Tenn" | "Tex" | "Va" | "Vt" | "Wash" | "Wis" | "Wisc" | "Wyo"
        | "Alta" | "Ont" | "Que" | "Sask" | "Man" | "Esq" | "Ph" | "Mfg" | "Intl" | "Natl"
        | "Govt" | "ft" | "yds" | "lbs" | "oz" | "mph" => Ambiguous,
        "vs" | "v" | "cf" | "viz" | "Vs" => Never,
        _ => return multi_period(word),
    };
    Some(class)
}

/// Classes of words with inner periods ("U.S", "a.m", "e.g").
fn multi_period(word: &str) -> Option<Class> {
    // Only short pieces between the periods: "U.S", "Ph.D", not "apnews.com".
    if !word.contains('.') || word.split('.').any(|p| p.chars().nth(2).is_some()) {
        return None;
    }
    Some(match word {
        "a.m" | "p.m" | "A.M" | "P.M" => Class::Time,
        "e.g" | "i.e" | "E.g" | "I.e" => Class::Never,
        _ => Class::Ambiguous,
    })
}

/// True for capitalised words that commonly start a news sentence (closed-class words and a
/// few frequent openers). After an ambiguous abbreviation only these signal a new sentence,
/// so "U.S. Attorney" and "St. Louis" stay together while "in the U.S. The" splits.
pub(super) fn starts_sentence(word: &str) -> bool {
    matches!(
        word,
        "The"
            | "A"
            | "An"
            | "He"
            | "She"
            | "It"
            | "They"
            | "We"
            | "I"
            | "You"
            | "His"
            | "Her"
            | "Its"
            | "Their"
            | "Our"
            | "My"
            | "Your"
            | "This"
            | "That"
            | "These"
            | "Those"
            | "There"
            | "Here"
            | "But"
            | "And"
            | "Or"
            | "So"
            | "Yet"
            | "However"
            | "In"
            | "On"
            | "At"
            | "For"
            | "From"
            | "With"
            | "By"
            | "After"
            | "Before"
            | "When"
            | "While"
            | "If"
            | "As"
            | "Since"
            | "Although"
            | "Though"
            | "Because"
            | "Some"
            | "Many"
            | "Most"
            | "All"
            | "Both"
            | "Each"
            | "Every"
            | "Other"
            | "Such"
            | "What"
            | "Who"
            | "Why"
            | "How"
            | "Where"
            | "Which"
            | "Meanwhile"
            | "Still"
            | "Also"
            | "Then"
            | "Now"
            | "Later"
            | "Earlier"
            | "According"
            | "During"
            | "Under"
            | "Over"
            | "One"
            | "Two"
            | "Three"
            | "No"
            | "Not"
            | "Neither"
            | "None"
            | "Police"
            | "Officials"
            | "Authorities"
            | "Investigators"
            | "Prosecutors"
            | "Witnesses"
            | "Until"
            | "Once"
            | "Despite"
            | "Instead"
            | "Last"
            | "Next"
            | "Another"
            | "Several"
            | "Few"
            | "Among"
            | "About"
            | "Asked"
            | "Hundreds"
            | "Thousands"
            | "Dozens"
    )
}

/// True for capitalised words that typically follow "a.m."/"p.m." inside a sentence.
pub(super) fn follows_time(word: &str) -> bool {
    matches!(
        word,
        "ET" | "EST"
            | "EDT"
            | "CT"
            | "CST"
            | "CDT"
            | "MT"
            | "MST"
            | "MDT"
            | "PT"
            | "PST"
            | "PDT"
            | "GMT"
            | "UTC"
            | "BST"
            | "CET"
            | "CEST"
            | "AEST"
            | "IST"
            | "Eastern"
            | "Central"
            | "Mountain"
            | "Pacific"
            | "Monday"
            | "Tuesday"
            | "Wednesday"
            | "Thursday"
            | "Friday"
            | "Saturday"
            | "Sunday"
            | "Mon"
            | "Tue"
            | "Wed"
            | "Thu"
            | "Fri"
            | "Sat"
            | "Sun"
            | "Jan"
            | "January"
            | "Feb"
            | "February"
            | "March"
            | "April"
            | "May"
            | "June"
            | "July"
            | "August"
            | "Sept"
            | "September"
            | "Oct"
            | "October"
            | "Nov"
            | "November"
            | "Dec"
            | "December"
    )
}
