//! Reading the weight file of the learned attribution detector (`data/cue_detector.tsv`): `#`
//! comment lines, then `name<TAB>weight` lines.

/// The `name<TAB>weight` lines of a weight file with their 1-based line numbers, comment and
/// blank lines skipped; a line without a tab or with a weight that is not a finite number is
/// an error naming the line.
pub(crate) fn weight_lines(tsv: &str) -> impl Iterator<Item = Result<(usize, &str, f32), String>> {
    tsv.lines().enumerate().filter_map(|(i, line)| {
        let line = line.trim_end_matches('\r');
        if line.starts_with('#') || line.trim().is_empty() {
            return None;
        }
        Some(parse_line(i + 1, line))
    })
}

fn parse_line(no: usize, line: &str) -> Result<(usize, &str, f32), String> {
    let (name, value) = line
        .split_once('\t')
        .ok_or_else(|| format!("line {no}: no tab"))?;
    let v: f32 = value
        .trim()
        .parse()
        .map_err(|e| format!("line {no}: {e}"))?;
    if !v.is_finite() {
        return Err(format!("line {no}: weight is not finite"));
    }
    Ok((no, name, v))
}

/// Checks that `name`, on line `no`, is feature number `n` of `features`: a file lists every
/// feature once, in the model's order.
pub(crate) fn expect_feature(
    features: &[&str],
    n: usize,
    name: &str,
    no: usize,
) -> Result<(), String> {
    let want = features
        .get(n)
        .ok_or_else(|| format!("line {no}: more weights than features"))?;
    if name != *want {
        return Err(format!("line {no}: feature {name:?}, expected {want:?}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_skip_comments_and_name_the_bad_line() {
        let ok: Vec<_> = weight_lines("# model\n\na\t0.5\r\nb\t-1\n")
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(ok, vec![(3, "a", 0.5), (4, "b", -1.0)]);
        let bad = |tsv: &str| weight_lines(tsv).find_map(Result::err).unwrap();
        assert_eq!(bad("a\t1\nb 2\n"), "line 2: no tab");
        assert_eq!(bad("a\tNaN\n"), "line 1: weight is not finite");
        assert!(bad("a\tx\n").starts_with("line 1: "));
    }

    #[test]
    fn features_come_in_the_model_order() {
        let fs = ["a", "b"];
        assert!(expect_feature(&fs, 1, "b", 3).is_ok());
        assert_eq!(
            expect_feature(&fs, 0, "b", 3).unwrap_err(),
            "line 3: feature \"b\", expected \"a\""
        );
        assert_eq!(
            expect_feature(&fs, 2, "c", 4).unwrap_err(),
            "line 4: more weights than features"
        );
    }
}
