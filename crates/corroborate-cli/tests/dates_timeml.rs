//! `corroborate dates --format timeml` on a TimeML input named as TempEval-3 names its inputs
//! (`*.tml.TE3input`): recognised by content, resolved against its own DCT, written back
//! unchanged except for the TIMEX3 tags inside `<TEXT>`.

mod common;

const INPUT: &str = "<?xml version=\"1.0\" ?>\n<TimeML xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n\n<DOCID>fictional.0001</DOCID>\n\n<DCT><TIMEX3 tid=\"t0\" type=\"DATE\" value=\"2025-03-14\" temporalFunction=\"false\" functionInDocument=\"CREATION_TIME\">20250314</TIMEX3></DCT>\n\n<TITLE>Ferry fares</TITLE>\n\n<EXTRAINFO>\nfictional.0001 NEWS STORY\n</EXTRAINFO>\n\n<TEXT>\nThe ferry company said Thursday that fares rise 5% &amp; more\nnext month.  \n</TEXT>\n\n</TimeML>\n";

#[test]
fn te3_input_comes_back_unchanged_but_for_the_tags() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("fictional.0001.tml.TE3input");
    std::fs::write(&path, INPUT).expect("write input");
    let out = common::run(&[
        "dates",
        path.to_str().expect("utf-8 path"),
        "--format",
        "timeml",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let xml = String::from_utf8(out.stdout).expect("utf-8 output");
    let expected = INPUT
        .replace(
            "said Thursday",
            "said <TIMEX3 tid=\"t1\" type=\"DATE\" value=\"2025-03-13\">Thursday</TIMEX3>",
        )
        .replace(
            "next month.",
            "<TIMEX3 tid=\"t2\" type=\"DATE\" value=\"2025-04\">next month</TIMEX3>.",
        );
    assert_eq!(xml, expected);
}
