//! What each per-article component reads and adds, declared next to the component (like
//! spaCy's `requires` / `assigns`).
//!
//! An article's annotations are organised in [`Layer`]s. Each component states the layers it
//! reads and the layers it writes in a [`ComponentSpec`]; [`check_order`] proves that a list
//! of components runs every one of them after whatever it reads has been written. The
//! preparation components live here ([`PREPARE`]); the extractors declare theirs in
//! `corroborate_extract::COMPONENTS`, and the pipeline runs (and isolates) them in that order.
//!
//! To add a component: write its function, give it a spec with a new `id`, and put it in the
//! list after the components that assign what it requires. The report names the component of
//! every annotation (`component` in each list item), so a reader can tell where a span came
//! from.

use serde::Serialize;

/// A kind of annotation an article carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Layer {
    /// The document text and the metadata the loader found (given, not computed).
    Text,
    /// Spans the loader already marked as not part of the article (given, not computed).
    LoaderIgnored,
    /// Paragraphs, sentences and tokens.
    Segments,
    /// Spans that are not part of the article (credits, promos, boilerplate).
    Ignored,
    /// The outlet, when the metadata did not name it.
    Outlet,
    /// The publication date, when the metadata did not give it.
    Published,
    /// Entities, their mentions, roles and in-article coreference.
    Entities,
    /// Quotes with their speakers.
    Quotes,
    /// Attributions to outlets and agencies.
    Attributions,
    /// TIMEX3 temporal expressions.
    Dates,
    /// Ages, counts, distances, durations and money.
    Quantities,
}

/// The layers every document has before any component runs.
pub const GIVEN: &[Layer] = &[Layer::Text, Layer::LoaderIgnored];

/// A component's declaration: its id (used in reports and problems), what it reads and what it
/// adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComponentSpec {
    /// Stable id, written into the report beside each annotation the component produced.
    pub id: &'static str,
    /// Layers the component reads.
    pub requires: &'static [Layer],
    /// Layers the component writes.
    pub assigns: &'static [Layer],
}

/// Splits text into paragraphs, sentences and tokens.
pub const SEGMENT: ComponentSpec = ComponentSpec {
    id: "segment",
    requires: &[Layer::Text],
    assigns: &[Layer::Segments],
};

/// Marks what is not part of the article; works on whole sentences and lines.
pub const CLEAN: ComponentSpec = ComponentSpec {
    id: "clean",
    requires: &[Layer::Text, Layer::Segments, Layer::LoaderIgnored],
    assigns: &[Layer::Ignored],
};

/// Infers the outlet from the URL, credits and metadata.
pub const OUTLET: ComponentSpec = ComponentSpec {
    id: "outlet",
    requires: &[Layer::Text, Layer::Ignored],
    assigns: &[Layer::Outlet],
};

/// Infers the publication date from the metadata and the dateline.
pub const PUBLISHED: ComponentSpec = ComponentSpec {
    id: "published",
    requires: &[Layer::Text],
    assigns: &[Layer::Published],
};

/// The preparation components, in the order [`crate::PreparedDoc::new`] runs them.
pub const PREPARE: &[ComponentSpec] = &[SEGMENT, CLEAN, OUTLET, PUBLISHED];

/// Why a list of components cannot run in its order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderError {
    /// `component` reads `layer`, which no earlier component (and no input) provides.
    Unmet {
        /// The component's id.
        component: &'static str,
        /// The layer it lacks.
        layer: Layer,
    },
    /// Two components share an id.
    DuplicateId(&'static str),
    /// A layer is assigned by two components (`first`, then `second`).
    Reassigned {
        /// The layer.
        layer: Layer,
        /// The component that assigned it first.
        first: &'static str,
        /// The component that assigned it again.
        second: &'static str,
    },
}

impl std::fmt::Display for OrderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OrderError::Unmet { component, layer } => write!(
                f,
                "component `{component}` requires {layer:?}, which no earlier component assigns"
            ),
            OrderError::DuplicateId(id) => write!(f, "two components are called `{id}`"),
            OrderError::Reassigned {
                layer,
                first,
                second,
            } => write!(f, "{layer:?} is assigned by both `{first}` and `{second}`"),
        }
    }
}

/// Checks that `components`, run in order on a document that already has `given`, each find
/// what they require; that ids are unique; and that no layer is written twice.
pub fn check_order(given: &[Layer], components: &[&ComponentSpec]) -> Result<(), OrderError> {
    let mut available: Vec<(Layer, &'static str)> = given.iter().map(|&l| (l, "input")).collect();
    let mut ids: Vec<&'static str> = Vec::new();
    for c in components {
        if ids.contains(&c.id) {
            return Err(OrderError::DuplicateId(c.id));
        }
        ids.push(c.id);
        if let Some(&layer) = c
            .requires
            .iter()
            .find(|l| !available.iter().any(|(a, _)| a == *l))
        {
            return Err(OrderError::Unmet {
                component: c.id,
                layer,
            });
        }
        for &layer in c.assigns {
            if let Some(&(_, first)) = available.iter().find(|(a, _)| *a == layer) {
                return Err(OrderError::Reassigned {
                    layer,
                    first,
                    second: c.id,
                });
            }
            available.push((layer, c.id));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preparation_runs_in_a_valid_order() {
        let specs: Vec<&ComponentSpec> = PREPARE.iter().collect();
        assert_eq!(check_order(GIVEN, &specs), Ok(()));
    }

    #[test]
    fn a_component_before_what_it_reads_is_rejected() {
        assert_eq!(
            check_order(GIVEN, &[&CLEAN, &SEGMENT]),
            Err(OrderError::Unmet {
                component: "clean",
                layer: Layer::Segments
            })
        );
    }

    #[test]
    fn duplicate_ids_and_double_writes_are_rejected() {
        assert_eq!(
            check_order(GIVEN, &[&SEGMENT, &SEGMENT]),
            Err(OrderError::DuplicateId("segment"))
        );
        let again = ComponentSpec {
            id: "resegment",
            ..SEGMENT
        };
        assert_eq!(
            check_order(GIVEN, &[&SEGMENT, &again]),
            Err(OrderError::Reassigned {
                layer: Layer::Segments,
                first: "segment",
                second: "resegment"
            })
        );
    }
}
