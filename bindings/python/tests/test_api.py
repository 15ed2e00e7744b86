"""The Python module's API on the bundled example corpus and the seeds (read at run time)."""

import gzip
import json
import os
import pathlib
import tempfile
import unittest

import corroborate

REPO = pathlib.Path(__file__).resolve().parents[3]
TODAY = "2026-12-01"


def corpus(folder):
    """(text, outlet, published, url) of each article of a folder with a manifest.json."""
    if not folder.is_dir():
        raise AssertionError(f"{folder} is missing")
    manifest = json.loads((folder / "manifest.json").read_text())
    return [
        (
            (folder / e["file"]).read_text(),
            e.get("outlet"),
            e.get("published"),
            e.get("url"),
        )
        for e in manifest["documents"]
    ]


EXAMPLES = corpus(REPO / "examples" / "corpus")
SEEDS = corpus(REPO.parent / "shared" / "seeds")


def annotated(articles):
    return [
        corroborate.annotate(t, outlet=o, published=p, url=u, today=TODAY)
        for t, o, p, u in articles
    ]


def warc_response(uri, html):
    body = html.encode()
    http = (
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
        + f"Content-Length: {len(body)}\r\n\r\n".encode()
        + body
    )
    head = (
        "WARC/1.0\r\nWARC-Type: response\r\nWARC-Date: 2026-03-12T08:00:00Z\r\n"
        f"WARC-Target-URI: {uri}\r\nWARC-Record-ID: <urn:uuid:{abs(hash(uri)):032x}>\r\n"
        f"Content-Type: application/http; msgtype=response\r\nContent-Length: {len(http)}\r\n\r\n"
    )
    return head.encode() + http + b"\r\n\r\n"


class AnnotateTest(unittest.TestCase):
    def test_the_artifact_is_versioned_and_carries_the_metadata(self):
        text, outlet, published, url = EXAMPLES[0]
        art = corroborate.annotate(text, outlet=outlet, published=published, url=url, today=TODAY)
        self.assertEqual(art["artifact"], corroborate.ARTIFACT_KIND)
        self.assertEqual(art["version"], corroborate.ARTIFACT_VERSION)
        doc = art["prepared"]["doc"]
        self.assertTrue(doc["id"].startswith("d"))
        self.assertEqual(doc["meta"]["outlet"]["value"], outlet)
        self.assertEqual(doc["meta"]["url"], url)
        self.assertIn(published, json.dumps(doc["meta"]["published"]))
        self.assertTrue(art["extraction"]["entities"]["entities"])
        # The JSON form reads back: the same article gives the same bytes.
        again = corroborate.annotate(
            text, outlet=outlet, published=published, url=url, today=TODAY, as_json=True
        )
        self.assertEqual(json.loads(again), art)

    def test_html_is_recognised_and_cleaned(self):
        text = EXAMPLES[1][0]
        head, _, rest = text.partition("\n")
        page = f"<html><head><title>{head}</title></head><body><nav>Home | Sports</nav><article><h1>{head}</h1>"
        page += "".join(f"<p>{p}</p>" for p in rest.split("\n\n") if p.strip())
        page += "</article></body></html>"
        art = corroborate.annotate(page, today=TODAY)
        self.assertNotIn("<p>", art["prepared"]["doc"]["text"])
        self.assertEqual(art["prepared"]["doc"]["format"], "html")

    def test_no_article_is_a_value_error(self):
        with self.assertRaises(ValueError):
            corroborate.annotate("   ", today=TODAY)
        with self.assertRaises(ValueError):
            corroborate.annotate("text", today="yesterday")
        with self.assertRaises(ValueError):
            corroborate.candidate_keys({"artifact": "corroborate-article", "version": 99})


class LinkTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.examples = annotated(EXAMPLES)
        cls.seeds = annotated(SEEDS)

    def test_candidate_keys_are_deterministic_and_shared_within_a_story(self):
        keys = [set(corroborate.candidate_keys(a)) for a in self.examples]
        self.assertEqual(corroborate.candidate_keys(self.examples[0]), sorted(keys[0]))
        self.assertTrue(all(0 < len(k) <= 24 for k in keys))
        self.assertTrue(keys[0] & keys[1], "two reports of one event share no key")
        seed_keys = set().union(*(corroborate.candidate_keys(a) for a in self.seeds))
        shared = set().union(*keys) & seed_keys
        self.assertLess(len(shared), 3, f"unrelated stories share keys {shared}")

    def test_similarity_separates_stories(self):
        ex = [corroborate.signature(a) for a in self.examples]
        sd = [corroborate.signature(a) for a in self.seeds]
        same = corroborate.similarity(ex[0], ex[1])
        other = corroborate.similarity(ex[0], sd[0])
        self.assertGreaterEqual(same, corroborate.JOIN_THRESHOLD)
        self.assertLess(other, corroborate.JOIN_THRESHOLD / 2)
        self.assertAlmostEqual(corroborate.similarity(ex[0], ex[0]), 1.0, places=6)

    def test_link_groups_each_event_into_one_story(self):
        stories = corroborate.link(self.examples + self.seeds)
        ids = lambda arts: {a["prepared"]["doc"]["id"] for a in arts}
        groups = [set(s["documents"]) for s in stories]
        self.assertIn(ids(self.examples), groups)
        self.assertIn(ids(self.seeds), groups)
        self.assertEqual(len(stories), 2)

    def test_reconcile_gives_the_story_dossier_of_the_report(self):
        dossier = corroborate.reconcile(self.seeds)
        self.assertEqual(len(dossier["story"]["documents"]), len(SEEDS))
        self.assertTrue(dossier["claims"]["claims"])
        self.assertEqual(
            {d["id"] for d in dossier["documents"]}, set(dossier["story"]["documents"])
        )
        with tempfile.TemporaryDirectory() as tmp:
            feed = pathlib.Path(tmp) / "seeds.jsonl"
            with feed.open("w") as f:
                for t, o, p, u in SEEDS:
                    f.write(json.dumps({"text": t, "outlet": o, "published": p, "url": u}) + "\n")
            report = corroborate.analyze([str(feed)], today=TODAY)
        self.assertEqual(dossier["claims"], report["claims"])
        self.assertEqual(dossier["records"], report["records"])
        self.assertEqual(dossier["timeline"], report["timeline"])
        self.assertEqual(dossier["story"]["lineages"], report["stories"][0]["lineages"])
        with self.assertRaises(ValueError):
            corroborate.reconcile(self.examples + self.seeds)
        self.assertEqual(len(corroborate.dossiers(self.examples + self.seeds)), 2)


class WarcTest(unittest.TestCase):
    def test_read_warc_yields_the_html_records_as_documents(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "news.warc.gz")
            with gzip.open(path, "wb") as f:
                for i, (text, *_rest) in enumerate(EXAMPLES[:3]):
                    head, _, rest = text.partition("\n")
                    html = f"<html><head><title>{head}</title></head><body><article><h1>{head}</h1>"
                    html += "".join(f"<p>{p}</p>" for p in rest.split("\n\n") if p.strip())
                    html += "</article></body></html>"
                    f.write(warc_response(f"https://example.org/{i}", html))
            records = corroborate.read_warc(path)
            docs = list(records)
            self.assertEqual(records.problems, [])
        self.assertEqual([d["meta"]["url"] for d in docs], [f"https://example.org/{i}" for i in range(3)])
        arts = [corroborate.annotate(d, today=TODAY) for d in docs]
        self.assertEqual(arts[0]["prepared"]["doc"]["meta"]["retrieved"]["source"], "warc")
        self.assertEqual(len(corroborate.link(arts)), 1)

    def test_a_missing_file_is_an_os_error(self):
        with self.assertRaises(OSError):
            corroborate.read_warc("/nonexistent/file.warc")


if __name__ == "__main__":
    unittest.main()
