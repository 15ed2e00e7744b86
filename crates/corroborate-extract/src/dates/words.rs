//! Calendar words (months, weekdays, seasons, parts of the day, units) and duration values.

pub(super) fn month_of(w: &str) -> Option<i8> {
    let w = w.trim_end_matches('.').to_ascii_lowercase();
    let m = match w.as_str() {
        "january" | "jan" => 1,
        "february" | "feb" => 2,
        "march" | "mar" => 3,
        "april" | "apr" => 4,
        "may" => 5,
        "june" | "jun" => 6,
        "july" | "jul" => 7,
        "august" | "aug" => 8,
        "september" | "sept" | "sep" => 9,
        "october" | "oct" => 10,
        "november" | "nov" => 11,
        "december" | "dec" => 12,
        _ => return None,
    };
    Some(m)
}

pub(super) fn weekday_of(w: &str) -> Option<i8> {
    let w = w.to_ascii_lowercase();
    let d = match w.as_str() {
        "monday" => 1,
        "tuesday" => 2,
        "wednesday" => 3,
        "thursday" => 4,
        "friday" => 5,
        "saturday" => 6,
        "sunday" => 7,
        _ => return None,
    };
    Some(d)
}

pub(super) fn season_of(w: &str) -> Option<&'static str> {
    match w.to_ascii_lowercase().as_str() {
        "spring" => Some("SP"),
        "summer" => Some("SU"),
        "fall" | "autumn" => Some("FA"),
        "winter" => Some("WI"),
        _ => None,
    }
}

pub(super) fn part_of(w: &str) -> Option<&'static str> {
    match w.to_ascii_lowercase().as_str() {
        "morning" => Some("MO"),
        "afternoon" => Some("AF"),
        "evening" => Some("EV"),
        "night" | "overnight" | "tonight" => Some("NI"),
        _ => None,
    }
}

/// A calendar unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Unit {
    Second,
    Minute,
    Hour,
    Day,
    Week,
    Fortnight,
    Month,
    Quarter,
    Year,
    Decade,
    Century,
    Weekend,
}

pub(super) fn unit_of(w: &str) -> Option<Unit> {
    let w = w.to_ascii_lowercase();
    let w = w.trim_end_matches("-long").trim_end_matches("long");
    let u = match w {
        "second" | "seconds" => Unit::Second,
        "minute" | "minutes" => Unit::Minute,
        "hour" | "hours" => Unit::Hour,
        "day" | "days" => Unit::Day,
        "week" | "weeks" => Unit::Week,
        "fortnight" | "fortnights" => Unit::Fortnight,
        "month" | "months" => Unit::Month,
        "quarter" | "quarters" => Unit::Quarter,
        "year" | "years" => Unit::Year,
        "decade" | "decades" => Unit::Decade,
        "century" | "centuries" => Unit::Century,
        "weekend" => Unit::Weekend,
        _ => return None,
    };
    Some(u)
}

/// The TIMEX3 duration for `n` (or `X`) units: `P3D`, `PT12H`, `PXM`, `P10Y`; a fraction
/// that is whole in the next smaller unit is written with it (`P2Y6M`, `PT1M30S`).
pub(super) fn duration_value(n: Option<f64>, unit: Unit) -> String {
    if let Some(v) = n.filter(|v| v.fract() != 0.0 && *v > 0.0 && *v < 10_000.0) {
        let (whole, part) = (v.trunc() as i64, v.fract());
        let split = |k: f64| {
            Some((part * k).round() as i64).filter(|p| ((part * k) - *p as f64).abs() < 1e-9)
        };
        let composite = match unit {
            Unit::Year => split(12.0).map(|m| format!("P{whole}Y{m}M")),
            Unit::Day => split(24.0).map(|h| format!("P{whole}DT{h}H")),
            Unit::Hour => split(60.0).map(|m| format!("PT{whole}H{m}M")),
            Unit::Minute => split(60.0).map(|s| format!("PT{whole}M{s}S")),
            _ => None,
        };
        if let Some(c) = composite {
            return c
                .replace("P0Y", "P")
                .replace("P0D", "P")
                .replace("T0H", "T")
                .replace("T0M", "T");
        }
    }
    let num = |k: f64| match n {
        Some(v) => {
            let v = v * k;
            if v.fract() == 0.0 {
                format!("{}", v as i64)
            } else {
                format!("{v}")
            }
        }
        None => "X".to_string(),
    };
    match unit {
        Unit::Second => format!("PT{}S", num(1.0)),
        Unit::Minute => format!("PT{}M", num(1.0)),
        Unit::Hour => format!("PT{}H", num(1.0)),
        Unit::Day => format!("P{}D", num(1.0)),
        Unit::Week => format!("P{}W", num(1.0)),
        Unit::Fortnight => format!("P{}W", num(2.0)),
        Unit::Month => format!("P{}M", num(1.0)),
        Unit::Quarter => format!("P{}Q", num(1.0)),
        Unit::Year => format!("P{}Y", num(1.0)),
        Unit::Decade => match n {
            Some(_) => format!("P{}Y", num(10.0)),
            None => "P".to_string() + "XDE",
        },
        Unit::Century => match n {
            Some(_) => format!("P{}Y", num(100.0)),
            None => "PXCE".to_string(),
        },
        Unit::Weekend => format!("P{}WE", num(1.0)),
    }
}

// ---------------------------------------------------------------------------------------------
// Filtering
// ---------------------------------------------------------------------------------------------
