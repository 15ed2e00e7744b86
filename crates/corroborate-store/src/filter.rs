//! Restricting a report to a set of documents (a story's, or one document's), and merging the
//! reports of several stories. Works on the JSON contract generically: an item belongs to the
//! set when any string in it is one of the set's document ids, so sections added by later
//! stages (stories, lineages, claims) are split without code changes here.

use std::collections::HashSet;

use serde_json::{Map, Value};

/// Fields that are not lists of items and are kept as they are.
const KEEP: [&str; 2] = ["schema", "generator"];

fn mentions_any(v: &Value, docs: &HashSet<String>) -> bool {
    match v {
        Value::String(s) => docs.contains(s),
        Value::Array(a) => a.iter().any(|x| mentions_any(x, docs)),
        Value::Object(o) => o.values().any(|x| mentions_any(x, docs)),
        _ => false,
    }
}

/// The report restricted to `docs`: every list keeps the items that cite one of them (the
/// timeline's lists likewise); `problems` is dropped, since it describes a run, not a story.
pub fn filter_report(report: &Value, docs: &HashSet<String>) -> Value {
    let Some(obj) = report.as_object() else {
        return report.clone();
    };
    let mut out = Map::new();
    for (k, v) in obj {
        let kept = match (k.as_str(), v) {
            (k, v) if KEEP.contains(&k) => v.clone(),
            ("problems", _) => Value::Array(Vec::new()),
            (_, Value::Array(a)) => Value::Array(
                a.iter()
                    .filter(|x| mentions_any(x, docs))
                    .cloned()
                    .collect(),
            ),
            (_, Value::Object(o)) => Value::Object(
                o.iter()
                    .map(|(k2, v2)| {
                        let v2 = match v2 {
                            Value::Array(a) => Value::Array(
                                a.iter()
                                    .filter(|x| mentions_any(x, docs))
                                    .cloned()
                                    .collect(),
                            ),
                            other => other.clone(),
                        };
                        (k2.clone(), v2)
                    })
                    .collect(),
            ),
            (_, other) => other.clone(),
        };
        out.insert(k.clone(), kept);
    }
    Value::Object(out)
}

/// Two reports as one: lists are concatenated (one level down for objects such as
/// `timeline`); other fields come from `a`.
pub fn merge(a: Value, b: Value) -> Value {
    let (Value::Object(mut a), Value::Object(b)) = (a, b) else {
        return Value::Null;
    };
    for (k, vb) in b {
        match (a.get_mut(&k), vb) {
            (Some(Value::Array(x)), Value::Array(y)) => x.extend(y),
            (Some(Value::Object(x)), Value::Object(y)) => {
                for (k2, v2) in y {
                    match (x.get_mut(&k2), v2) {
                        (Some(Value::Array(p)), Value::Array(q)) => p.extend(q),
                        (None, v2) => {
                            x.insert(k2, v2);
                        }
                        _ => {}
                    }
                }
            }
            (None, vb) => {
                a.insert(k, vb);
            }
            _ => {}
        }
    }
    Value::Object(a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keeps_items_citing_the_set() {
        let r = json!({
            "schema": "corroborate/1",
            "problems": [{"path": "x"}],
            "documents": [{"id": "d1"}, {"id": "d2"}],
            "dates": [{"doc": "d1", "start": 0}, {"doc": "d2", "start": 1}],
            "timeline": {"events": [{"mentions": [{"doc": "d2"}]}, {"mentions": [{"doc": "d1"}]}]},
            "claims": [{"evidence": [{"doc": "d3"}, {"doc": "d1"}]}]
        });
        let set: HashSet<String> = ["d1".to_string()].into();
        let f = filter_report(&r, &set);
        assert_eq!(f["documents"], json!([{"id": "d1"}]));
        assert_eq!(f["dates"].as_array().map(Vec::len), Some(1));
        assert_eq!(
            f["timeline"]["events"],
            json!([{"mentions": [{"doc": "d1"}]}])
        );
        assert_eq!(f["claims"].as_array().map(Vec::len), Some(1));
        assert_eq!(f["problems"], json!([]));
        assert_eq!(f["schema"], "corroborate/1");
    }

    #[test]
    fn merge_concatenates_lists() {
        let a = json!({"schema": "s", "documents": [1], "timeline": {"events": [1]}});
        let b = json!({"schema": "t", "documents": [2], "timeline": {"events": [2]}});
        let m = merge(a, b);
        assert_eq!(
            m,
            json!({"schema": "s", "documents": [1, 2], "timeline": {"events": [1, 2]}})
        );
    }
}
