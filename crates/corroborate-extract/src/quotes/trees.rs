//! Gradient-boosted regression trees read from a text file: the speaker ranker's model
//! (`data/speaker_ranker.tsv`, written by `scripts/train_speaker_ranker.py` from LightGBM).
//!
//! The format, after `#` comment lines: `temperature<TAB>T`, then each tree as a `tree` line
//! followed by its nodes in pre-order, node 0 the root. A node is
//! `split<TAB>feature<TAB>threshold<TAB>left<TAB>right` (go to node `left` when the feature's
//! value is at most the threshold, else to `right`) or `leaf<TAB>value`. A model's score is the
//! sum of the leaves its trees reach. Children always come after their parent, so scoring ends.

/// Marks a leaf in [`Node::feature`].
const LEAF: u32 = u32::MAX;

/// One node, 16 bytes, all trees in one vector: a split sends a value at most `threshold` to
/// node `left`, others to `right`; a leaf (`feature == LEAF`) holds its value in `threshold`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Node {
    threshold: f32,
    feature: u32,
    left: u32,
    right: u32,
}

/// A forest of regression trees and the softmax temperature of its scores.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Forest {
    nodes: Vec<Node>,
    /// Each tree's root in `nodes`.
    roots: Vec<u32>,
    /// Scores are divided by this before a softmax turns them into probabilities.
    pub(crate) temperature: f32,
}

impl Forest {
    /// The sum of the leaves `x` reaches, one tree after the other (a fixed order, so the same
    /// features give the same bits). A feature index beyond `x` reads as 0.
    pub(crate) fn score(&self, x: &[f32]) -> f32 {
        let mut sum = 0f64;
        for &root in &self.roots {
            let mut k = root as usize;
            while let Some(node) = self.nodes.get(k) {
                if node.feature == LEAF {
                    sum += f64::from(node.threshold);
                    break;
                }
                let v = x.get(node.feature as usize).copied().unwrap_or(0.0);
                k = if v <= node.threshold {
                    node.left
                } else {
                    node.right
                } as usize;
            }
        }
        sum as f32
    }

    /// How many trees the forest has.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.roots.len()
    }
}

/// The largest `f32` at most `t`, so that `v <= t` and `v <= at_most(t)` agree for every
/// `f32` value `v`.
fn at_most(t: f64) -> f32 {
    let r = t as f32;
    if f64::from(r) <= t {
        return r;
    }
    // One step down: `r` is finite here, since `t` is.
    let bits = r.to_bits();
    if r > 0.0 {
        f32::from_bits(bits - 1)
    } else if r == 0.0 {
        -f32::from_bits(1)
    } else {
        f32::from_bits(bits + 1)
    }
}

/// Parses a forest whose splits name features of `features`; an error names the line.
pub(crate) fn parse_forest(text: &str, features: &[&str]) -> Result<Forest, String> {
    let mut temperature = None;
    let mut trees: Vec<Vec<Parsed>> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let no = i + 1;
        let line = line.trim_end_matches('\r');
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        match fields.as_slice() {
            ["temperature", t] if temperature.is_none() && trees.is_empty() => {
                let t: f32 = number(t, no)?;
                if t <= 0.0 {
                    return Err(format!("line {no}: the temperature must be positive"));
                }
                temperature = Some(t);
            }
            ["tree"] => trees.push(Vec::new()),
            ["split", name, threshold, left, right] => {
                let nodes = trees
                    .last_mut()
                    .ok_or_else(|| format!("line {no}: a node before any `tree`"))?;
                let feature = features
                    .iter()
                    .position(|f| f == name)
                    .ok_or_else(|| format!("line {no}: unknown feature {name:?}"))?;
                let here = nodes.len();
                let child = |s: &str| -> Result<usize, String> {
                    let c: usize = s.parse().map_err(|e| format!("line {no}: {e}"))?;
                    if c <= here {
                        return Err(format!(
                            "line {no}: child {c} does not come after node {here}"
                        ));
                    }
                    Ok(c)
                };
                nodes.push(Parsed::Split {
                    feature,
                    threshold: number(threshold, no)?,
                    left: child(left)?,
                    right: child(right)?,
                });
            }
            ["leaf", value] => trees
                .last_mut()
                .ok_or_else(|| format!("line {no}: a node before any `tree`"))?
                .push(Parsed::Leaf(number(value, no)?)),
            _ => return Err(format!("line {no}: not a temperature, tree, split or leaf")),
        }
    }
    let temperature = temperature.ok_or("no temperature line before the trees")?;
    if trees.is_empty() {
        return Err("no trees".into());
    }
    let mut forest = Forest {
        nodes: Vec::new(),
        roots: Vec::new(),
        temperature,
    };
    for (t, nodes) in trees.iter().enumerate() {
        let complete = !nodes.is_empty()
            && nodes.iter().all(|n| match n {
                Parsed::Split { left, right, .. } => *left < nodes.len() && *right < nodes.len(),
                Parsed::Leaf(_) => true,
            });
        let base = forest.nodes.len();
        let at = |k: usize| u32::try_from(base + k).ok();
        let (Some(root), Some(_)) = (at(0), at(nodes.len())) else {
            return Err(format!("tree {t}: too many nodes"));
        };
        if !complete {
            return Err(format!(
                "tree {t}: empty, or a child that is not one of its nodes"
            ));
        }
        forest.roots.push(root);
        // Every index fits in u32 (checked above); children come after their parent, so
        // scoring moves forward and ends.
        let at = |k: usize| (base + k) as u32;
        for n in nodes {
            forest.nodes.push(match *n {
                Parsed::Split {
                    feature,
                    threshold,
                    left,
                    right,
                } => Node {
                    threshold: at_most(threshold),
                    feature: feature as u32,
                    left: at(left),
                    right: at(right),
                },
                Parsed::Leaf(value) => Node {
                    threshold: value as f32,
                    feature: LEAF,
                    left: 0,
                    right: 0,
                },
            });
        }
    }
    Ok(forest)
}

/// A node as read, before the forest is laid out.
enum Parsed {
    Split {
        feature: usize,
        threshold: f64,
        left: usize,
        right: usize,
    },
    Leaf(f64),
}

/// A finite number, or an error naming the line.
fn number<T: std::str::FromStr<Err = std::num::ParseFloatError> + Into<f64> + Copy>(
    s: &str,
    no: usize,
) -> Result<T, String> {
    let v: T = s.trim().parse().map_err(|e| format!("line {no}: {e}"))?;
    if !v.into().is_finite() {
        return Err(format!("line {no}: not a finite number"));
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEATURES: [&str; 2] = ["near", "named"];

    const TWO_TREES: &str = "# a model\ntemperature\t0.5\n\
        tree\nsplit\tnear\t0.5\t1\t2\nleaf\t-1\nleaf\t2\n\
        tree\nsplit\tnamed\t0.5\t1\t4\nsplit\tnear\t0.5\t2\t3\nleaf\t0.25\nleaf\t0.5\nleaf\t1\n";

    #[test]
    fn a_score_sums_the_leaves_each_tree_reaches() {
        let f = parse_forest(TWO_TREES, &FEATURES).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(f.len(), 2);
        assert_eq!(f.temperature, 0.5);
        assert_eq!(f.score(&[0.0, 0.0]), -1.0 + 0.25);
        assert_eq!(f.score(&[1.0, 0.0]), 2.0 + 0.5);
        assert_eq!(f.score(&[1.0, 1.0]), 2.0 + 1.0);
        // At the threshold goes left; a missing feature reads as 0.
        assert_eq!(f.score(&[0.5, 0.5]), -1.0 + 0.25);
        assert_eq!(f.score(&[1.0]), 2.0 + 0.5);
    }

    #[test]
    fn a_malformed_forest_is_refused_with_its_line() {
        let err = |t: &str| parse_forest(t, &FEATURES).unwrap_err();
        assert_eq!(
            err("temperature\t1\ntree\nsplit\tfar\t0.5\t1\t2\nleaf\t1\nleaf\t2\n"),
            "line 3: unknown feature \"far\""
        );
        assert_eq!(
            err("temperature\t1\ntree\nsplit\tnear\t0.5\t0\t1\nleaf\t1\n"),
            "line 3: child 0 does not come after node 0"
        );
        assert_eq!(
            err("temperature\t1\ntree\nsplit\tnear\t0.5\t1\t5\nleaf\t1\nleaf\t2\n"),
            "tree 0: empty, or a child that is not one of its nodes"
        );
        assert_eq!(
            err("tree\nleaf\t1\ntemperature\t1\n"),
            "line 3: not a temperature, tree, split or leaf"
        );
        assert_eq!(
            err("tree\nleaf\t1\n"),
            "no temperature line before the trees"
        );
        assert_eq!(err("temperature\t1\n"), "no trees");
        assert_eq!(
            err("temperature\t1\ntree\nleaf\tNaN\n"),
            "line 3: not a finite number"
        );
        assert_eq!(
            err("temperature\t0\ntree\nleaf\t1\n"),
            "line 1: the temperature must be positive"
        );
        assert_eq!(
            err("temperature\t1\nleaf\t1\n"),
            "line 2: a node before any `tree`"
        );
        assert!(err("temperature\t1\ntree\nleaf\tx\n").starts_with("line 3: "));
    }

    #[test]
    fn an_f32_threshold_splits_f32_values_as_the_f64_one_does() {
        // The next f32 above a finite one.
        let next_up = |r: f32| match r {
            _ if r == 0.0 => f32::from_bits(1),
            _ if r > 0.0 => f32::from_bits(r.to_bits() + 1),
            _ => f32::from_bits(r.to_bits() - 1),
        };
        for t in [0.1f64, -0.1, 1e-35, -1e-35, 0.5, 1.0 / 3.0, 1e-46, -1e-46] {
            let r = at_most(t);
            assert!(f64::from(r) <= t, "{t}: {r}");
            assert!(f64::from(next_up(r)) > t, "{t}: {r}");
        }
        assert_eq!(at_most(0.5), 0.5);
    }
}
