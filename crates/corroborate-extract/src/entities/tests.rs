use super::*;
use corroborate_core::document::SourceFormat;
use corroborate_core::Document;

fn prep(text: &str) -> PreparedDoc {
    let doc = Document::new("t.txt", SourceFormat::Text, text.to_string());
    PreparedDoc::new(doc, jiff::civil::date(2026, 1, 1))
}

fn entity<'a>(a: &'a EntityAnalysis, name: &str) -> &'a Entity {
    let e = a.entities.iter().find(|e| e.name == name);
    assert!(e.is_some(), "no entity {name:?} in {:?}", a.entities);
    e.unwrap_or_else(|| unreachable!())
}

#[test]
fn apposition_before_a_reporting_clause_stays_with_its_name() {
    let d = prep(
        "Ferry talks stall\n\n\
         The welder who found the crack was Nadia Ferrante, the skipper's niece, Tobias Marr said. \
         Marr leads the dockworkers.",
    );
    let a = extract(&d);
    let nadia = entity(&a, "Nadia Ferrante");
    assert!(
        nadia.roles.iter().any(|r| r.normalized == "niece"),
        "{:?}",
        nadia.roles
    );
    let marr = entity(&a, "Tobias Marr");
    assert!(
        marr.roles.iter().all(|r| r.normalized != "niece"),
        "{:?}",
        marr.roles
    );
}

#[test]
fn possessive_pronoun_owner_is_named_never_the_pronoun() {
    let d = prep(
        "Pilot grounded\n\n\
         Quentin Vasquez praised the rescue crew on Monday.\n\n\
         Ingrid Salo, 44, has not commented. Her lawyer, Oren Baptiste, said she acted properly.",
    );
    let a = extract(&d);
    let oren = entity(&a, "Oren Baptiste");
    let r = oren.roles.iter().find(|r| r.normalized == "attorney");
    assert!(r.is_some(), "{:?}", oren.roles);
    let r = r.unwrap_or_else(|| unreachable!());
    assert_eq!(r.of_text.as_deref(), Some("Ingrid Salo"));
    assert_eq!(
        r.of_entity.map(|e| a.entities[e].name.as_str()),
        Some("Ingrid Salo")
    );
}

#[test]
fn an_amount_after_a_role_is_not_what_the_role_is_of() {
    let d = prep(
        "Captain retires\n\n\
         Tobias Wren, a captain with 25 years at sea, steered his last crossing. \
         Mira Castell, a captain with the Northgate Harbor Authority, said he was admired.",
    );
    let a = extract(&d);
    let wren = entity(&a, "Tobias Wren");
    let captain = wren.roles.iter().find(|r| r.normalized == "captain");
    assert!(captain.is_some(), "{:?}", wren.roles);
    assert!(
        captain.is_some_and(|r| r.of_text.is_none()),
        "{:?}",
        wren.roles
    );
    let castell = entity(&a, "Mira Castell");
    assert!(
        castell
            .roles
            .iter()
            .any(|r| r.of_text.as_deref() == Some("the Northgate Harbor Authority")),
        "{:?}",
        castell.roles
    );
}

#[test]
fn unresolved_possessive_pronoun_leaves_no_owner_text() {
    let d = prep("Court date set\n\nHis spokesman, Anselm Ruiz, declined to comment.");
    let a = extract(&d);
    let ruiz = entity(&a, "Anselm Ruiz");
    assert!(
        ruiz.roles.iter().all(|r| r
            .of_text
            .as_deref()
            .is_none_or(|t| pronoun_class(t).is_none())),
        "{:?}",
        ruiz.roles
    );
}

#[test]
fn pronoun_prefers_the_previous_subject_over_an_earlier_gendered_person() {
    let text = "Mill closes\n\n\
         Mrs. Greta Lindqvist said the mill had lost money for years.\n\n\
         Harbor Mills founder Sasha Montreuil disputed that. She said sales rose in the spring.";
    let d = prep(text);
    let a = extract(&d);
    let at = text.find("She said").unwrap_or(0);
    let e = a.resolve_pronoun(&d, Span::new(at, at + 3));
    assert_eq!(
        e.map(|e| a.entities[e].name.as_str()),
        Some("Sasha Montreuil")
    );
}

#[test]
fn pronoun_skips_a_subject_of_the_other_gender() {
    let text = "Budget vote\n\n\
         Mrs. Greta Lindqvist opposed the plan.\n\n\
         Mr. Sasha Montreuil supported it. She called it reckless.";
    let d = prep(text);
    let a = extract(&d);
    let at = text.find("She called").unwrap_or(0);
    let e = a.resolve_pronoun(&d, Span::new(at, at + 3));
    assert_eq!(
        e.map(|e| a.entities[e].name.as_str()),
        Some("Greta Lindqvist")
    );
}

#[test]
fn pronoun_ignores_names_inside_a_quotation() {
    let text = "Strike ends\n\n\
         Mrs. Greta Lindqvist spoke first.\n\n\
         \"I asked Sasha Montreuil to wait,\" she said.";
    let d = prep(text);
    let a = extract(&d);
    let at = text.find("she said").unwrap_or(0);
    let e = a.resolve_pronoun(&d, Span::new(at, at + 3));
    assert_eq!(
        e.map(|e| a.entities[e].name.as_str()),
        Some("Greta Lindqvist")
    );
}

#[test]
fn outlets_and_geographic_names_get_their_kinds() {
    let text = "Storm hits coast\n\n\
         KELVALE, Vermont (Ridgeback Wire) — A storm flooded homes near Tamsin Cove and \
         off Cape Orrin on Monday, Westbrook Radio reported. Schools in Kelvale will stay shut. \
         Crews worked all night along the Brisley harbor and at Dunmore Harbor.";
    let d = prep(text);
    let a = extract(&d);
    let kind = |n: &str| entity(&a, n).kind;
    assert_eq!(kind("Ridgeback Wire"), EntityKind::Organization);
    assert_eq!(kind("Westbrook Radio"), EntityKind::Organization);
    assert_eq!(kind("Tamsin Cove"), EntityKind::Place);
    assert_eq!(kind("Cape Orrin"), EntityKind::Place);
    assert_eq!(kind("Dunmore Harbor"), EntityKind::Place);
    assert_eq!(kind("Kelvale"), EntityKind::Place);
    assert_eq!(kind("Brisley"), EntityKind::Place);
}

#[test]
fn own_outlet_from_metadata_is_an_organisation() {
    let mut doc = Document::new(
        "t.txt",
        SourceFormat::Text,
        "Fair opens\n\nThe fair opened Friday, Lark Hollow told listeners. \
         Lark Hollow will broadcast live."
            .to_string(),
    );
    doc.meta.outlet = Some(corroborate_core::document::Known {
        value: "Lark Hollow".to_string(),
        provenance: corroborate_core::Provenance::Manifest,
    });
    let d = PreparedDoc::new(doc, jiff::civil::date(2026, 1, 1));
    let a = extract(&d);
    assert_eq!(entity(&a, "Lark Hollow").kind, EntityKind::Organization);
}

#[test]
fn a_lone_name_that_speaks_is_not_made_a_place() {
    let d = prep("Shares fall\n\nInvestors in Quarrix lost money. Quarrix said it would recover.");
    let a = extract(&d);
    assert_eq!(entity(&a, "Quarrix").kind, EntityKind::Organization);
}

#[test]
fn gazetteers_load_with_their_kinds() {
    assert_eq!(lexicon::place("Miss."), Some(PlaceKind::State));
    assert_eq!(lexicon::place("Tennessee"), Some(PlaceKind::State));
    assert_eq!(lexicon::place("France"), Some(PlaceKind::Country));
    assert!(lexicon::place("Memphis").is_some());
    assert_eq!(lexicon::first_name("Mary"), Some(Some(Gender::Female)));
    assert_eq!(lexicon::first_name("James"), Some(Some(Gender::Male)));
    assert!(lexicon::first_name("Xqzzy").is_none());
    assert!(lexicon::org_head("Department") && !lexicon::org_head("Street"));
    assert!(lexicon::place_head("Street"));
    let gov = lexicon::title("gov.").expect("gov.");
    assert_eq!((gov.role, gov.class), (Some("governor"), "governor"));
    assert_eq!(
        lexicon::title("lawyer").and_then(|t| t.role),
        Some("attorney")
    );
    assert!(lexicon::stopword("when") && !lexicon::stopword("senatobia"));
}

#[test]
fn pieces_split_possessives_and_keep_abbreviations() {
    let d = prep("Intro here.\n\nGov. Ann Lee's aide and the officers’ cars, U.S. Sen. Bo.");
    let cx = Ctx::new(&d);
    let got: Vec<(&str, pieces::PieceKind)> =
        (0..cx.ps.len()).map(|i| (cx.w(i), cx.ps[i].kind)).collect();
    use pieces::PieceKind::{Poss, Punct, Word};
    assert_eq!(
        got,
        vec![
            ("Intro", Word),
            ("here", Word),
            (".", Punct),
            ("Gov.", Word),
            ("Ann", Word),
            ("Lee", Word),
            ("'s", Poss),
            ("aide", Word),
            ("and", Word),
            ("the", Word),
            ("officers", Word),
            ("’", Poss),
            ("cars", Word),
            (",", Punct),
            ("U.S.", Word),
            ("Sen.", Word),
            ("Bo", Word),
            (".", Punct),
        ]
    );
    assert!(cx.ps[3].start && !cx.ps[4].start);
    // "Gov." starts a sentence but is a title followed by a name: part of the run.
    assert!(cx.nameish(3) && cx.nameish(4));
}

#[test]
fn a_capitalised_word_the_article_also_writes_in_lower_case_is_no_name() {
    let d = prep(
        "Plant drill\n\n\
         Workers at the Kell plant reviewed the Alarm Response checklist and the Alarm desk on \
         Monday. The alarm sounded twice, Dana Holt said.",
    );
    let a = extract(&d);
    assert!(
        a.entities.iter().all(|e| e.name != "Alarm"),
        "{:?}",
        a.entities
    );
    entity(&a, "Dana Holt");
}

#[test]
fn a_word_of_a_web_address_names_an_organisation_even_after_a_title() {
    let d = prep(
        "Vellacorp expands\n\n\
         Vellacorp opened a depot in Kell on Monday. \"We are growing,\" said Dana Holt, \
         President Vellacorp Nordic.\n\n\
         Contact: info@vellacorp.com or www.vellacorp.com/press.",
    );
    let a = extract(&d);
    let org = entity(&a, "Vellacorp");
    assert_eq!(org.kind, EntityKind::Organization, "{:?}", a.entities);
    let nordic = entity(&a, "Vellacorp Nordic");
    assert_eq!(nordic.kind, EntityKind::Organization, "{:?}", a.entities);
    assert_eq!(
        domain_words("mail info@vellacorp.com, www.kell-news.co.uk/a and https://x.org/b"),
        ["vellacorp", "kell-news", "co", "x"]
            .into_iter()
            .map(String::from)
            .collect::<HashSet<_>>()
    );
}

#[test]
fn a_name_no_mention_treats_as_a_person_is_an_organisation() {
    let d = prep(
        "Pier reopens\n\n\
         Kell Ferries bought two Rask Seamaster boats and leased Vosk Marine docks, Dana Holt \
         said. The docks suit them, and Vosk will dredge them, as Rask advised.\n\n\
         Kohen's mother, Velora Quist, said the new pier helps. 4-year-old Kohen Quist rode \
         the first ferry with Tarnu Oskela, 41, and Brisa Oskela.",
    );
    let a = extract(&d);
    for name in ["Rask Seamaster", "Vosk Marine"] {
        assert_eq!(entity(&a, name).kind, EntityKind::Organization, "{name}");
    }
    for name in [
        "Velora Quist",
        "Kohen Quist",
        "Tarnu Oskela",
        "Brisa Oskela",
        "Dana Holt",
    ] {
        assert_eq!(entity(&a, name).kind, EntityKind::Person, "{name}");
    }
    assert!(product_shaped("AirPods") && product_shaped("A350-900"));
    assert!(!product_shaped("McCabe") && !product_shaped("O'Rourke") && !product_shaped("NASA"));
}

#[test]
fn a_name_ending_in_a_word_news_writes_in_lower_case_is_a_thing_not_a_person() {
    let d = prep(
        "Phones update\n\n\
         Vellora Night Mode dims the screen, and Kesto Mode saves power. Tarnu Brown, who \
         tested both, liked them. Brisa Young said she did not.",
    );
    let a = extract(&d);
    for name in ["Vellora Night Mode", "Kesto Mode"] {
        assert_eq!(
            entity(&a, name).kind,
            EntityKind::Organization,
            "{name}: {:?}",
            a.entities
        );
    }
    for name in ["Tarnu Brown", "Brisa Young"] {
        assert_eq!(entity(&a, name).kind, EntityKind::Person, "{name}");
    }
}

#[test]
fn a_nationality_before_a_first_name_is_no_part_of_the_name() {
    let d = prep(
        "Ferry talks\n\nThe ferry talks went on for hours. Vellonian Mary Quist and the \
         islander Kesti Thomas Brook met on Monday in Kell, and they agreed on the fares, \
         Dana Holt said.",
    );
    let a = extract(&d);
    let names: Vec<&str> = a.entities.iter().map(|e| e.name.as_str()).collect();
    assert!(names.contains(&"Mary Quist"), "{names:?}");
    assert!(names.contains(&"Thomas Brook"), "{names:?}");
    assert!(
        !names.iter().any(|n| n.starts_with("Vellonian")),
        "{names:?}"
    );
}

#[test]
fn a_sentence_full_of_names_is_prose_not_a_heading() {
    let d = prep(
        "Talks Held In Kell Harbour\n\nMary Quist and Thomas Brook met on Monday in Kell, Dana \
         Holt said.",
    );
    let a = extract(&d);
    let names: Vec<&str> = a.entities.iter().map(|e| e.name.as_str()).collect();
    for name in ["Mary Quist", "Thomas Brook", "Dana Holt"] {
        assert!(names.contains(&name), "{name}: {names:?}");
    }
    assert!(!names.contains(&"Talks Held"), "{names:?}");
}

#[test]
fn a_name_holding_a_country_or_state_is_no_person() {
    let d = prep(
        "Scores\n\n\
         Vosk beat New Jersey Quells 3-1 at home, Dana Holt said. Eastern Ohio lost to Kesto \
         Ohio Quells. \"We lost,\" the ambassador of the United Kingdom Tarnu Oskela said.",
    );
    let a = extract(&d);
    for name in ["New Jersey Quells", "Eastern Ohio", "Kesto Ohio Quells"] {
        assert_ne!(
            entity(&a, name).kind,
            EntityKind::Person,
            "{name}: {:?}",
            a.entities
        );
    }
    assert!(
        a.entities
            .iter()
            .any(|e| e.name.ends_with("Tarnu Oskela") && e.kind == EntityKind::Person),
        "{:?}",
        a.entities
    );
}

#[test]
fn a_name_written_after_the_is_a_thing_not_a_person() {
    let d = prep(
        "Markets slide\n\n\
         The Tarsk Composite fell 3 percent on Monday, and the Tarsk Composite index is down \
         for the year. Brisa Oskela, who runs the Kell Ferries fund, sold shares.",
    );
    let a = extract(&d);
    assert_eq!(
        entity(&a, "Tarsk Composite").kind,
        EntityKind::Organization,
        "{:?}",
        a.entities
    );
    assert_eq!(entity(&a, "Brisa Oskela").kind, EntityKind::Person);
}
