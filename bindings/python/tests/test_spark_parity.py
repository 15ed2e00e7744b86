"""The Spark job in local mode against `corroborate analyze` on the example corpus plus the
seeds: the same stories, lineages, passages, documents, who's who, timeline, claims and
records, field by field. Without pyspark or Java the test is skipped, unless CI=true, where
that is a failure."""

import importlib.util
import json
import os
import pathlib
import shutil
import sys
import tempfile
import unittest

import corroborate

REPO = pathlib.Path(__file__).resolve().parents[3]
TODAY = "2026-12-01"
sys.path.insert(0, str(REPO / "scale-out"))

import corpus_to_jsonl  # noqa: E402


def spark_missing():
    if importlib.util.find_spec("pyspark") is None:
        return "pyspark is not installed (pip install pyspark)"
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        return "java is not installed (apt-get install default-jre-headless)"
    return None


def append_claims(into, other):
    """ClaimsReport::append: ids of `other` shifted past `into`'s."""
    co, do = len(into["claims"]), len(into["disputes"])
    for c in other["claims"]:
        c["id"] += co
    for d in other["disputes"]:
        d["id"] += do
        d["claims"] = [c + co for c in d["claims"]]
    for u in other["unique"]:
        u["claims"] = [c + co for c in u["claims"]]
    for s in other["summary"]:
        s["claim"] += co
    for k in into:
        into[k].extend(other[k])


class SparkParityTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        missing = spark_missing()
        if missing:
            if os.environ.get("CI") == "true":
                raise AssertionError(f"CI=true and {missing}")
            raise unittest.SkipTest(missing)
        cls.tmp = tempfile.TemporaryDirectory()
        feed = pathlib.Path(cls.tmp.name) / "feed.jsonl"
        folders = [REPO / "examples" / "corpus", REPO.parent / "shared" / "seeds"]
        for f in folders:
            if not f.is_dir():
                raise AssertionError(f"{f} is missing")
        with feed.open("w", encoding="utf-8") as out:
            corpus_to_jsonl.write(folders, out)
        cls.report = corroborate.analyze([str(feed)], today=TODAY)

        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        from pyspark.sql import SparkSession

        import spark_pipeline

        spark = (
            SparkSession.builder.master("local[2]")
            .appName("corroborate-parity")
            .config("spark.ui.enabled", "false")
            .config("spark.ui.showConsoleProgress", "false")
            .config("spark.sql.shuffle.partitions", "4")
            .getOrCreate()
        )
        spark.sparkContext.setLogLevel("ERROR")
        try:
            artifacts = pathlib.Path(cls.tmp.name) / "artifacts"
            rdd = spark_pipeline.run(
                spark, [str(feed)], TODAY, partitions=3, artifacts_out=str(artifacts)
            )
            cls.dossiers = {}
            for text in rdd.collect():
                d = json.loads(text)
                cls.dossiers[d["story"]["id"]] = d
            out = pathlib.Path(cls.tmp.name) / "out"
            spark_pipeline.write(spark, rdd, str(out), "parquet")
            cls.parquet = spark.read.parquet(str(out)).count()
            cls.artifacts = [
                json.loads(line)
                for part in sorted(artifacts.glob("part-*"))
                for line in part.read_text(encoding="utf-8").splitlines()
                if line.strip()
            ]
        finally:
            spark.stop()

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def in_story_order(self):
        return [self.dossiers[s["id"]] for s in self.report["stories"]]

    def test_same_stories(self):
        self.assertGreaterEqual(len(self.report["stories"]), 2)
        self.assertEqual(sorted(self.dossiers), sorted(s["id"] for s in self.report["stories"]))
        for story in self.report["stories"]:
            self.assertEqual(self.dossiers[story["id"]]["story"], story)
        self.assertEqual(self.parquet, len(self.dossiers))

    def test_same_lineages_and_passages(self):
        lineages = {l["id"]: l for d in self.dossiers.values() for l in d["lineages"]}
        self.assertEqual(lineages, {l["id"]: l for l in self.report["lineages"]})
        key = lambda p: json.dumps(p, sort_keys=True)
        passages = sorted((p for d in self.dossiers.values() for p in d["passages"]), key=key)
        self.assertEqual(passages, sorted(self.report["passages"], key=key))

    def test_artifacts_written_for_the_store_are_the_reports_documents(self):
        # `corroborate ingest --artifacts` reads these (crates/corroborate-cli/tests/ingest_artifacts.rs).
        self.assertTrue(
            all(a["artifact"] == "corroborate-article" and a["version"] == corroborate.ARTIFACT_VERSION for a in self.artifacts)
        )
        self.assertEqual(
            sorted(a["prepared"]["doc"]["id"] for a in self.artifacts),
            sorted(d["id"] for d in self.report["documents"]),
        )

    def test_same_documents(self):
        docs = {x["id"]: x for d in self.dossiers.values() for x in d["documents"]}
        self.assertEqual(docs, {x["id"]: x for x in self.report["documents"]})

    def test_same_claims(self):
        claims = {k: [] for k in self.report["claims"]}
        for d in self.in_story_order():
            append_claims(claims, json.loads(json.dumps(d["claims"])))
        self.assertTrue(self.report["claims"]["claims"])
        for field in self.report["claims"]:
            self.assertEqual(claims[field], self.report["claims"][field], field)

    def test_same_timeline_entities_and_records(self):
        ordered = self.in_story_order()
        for field in ("events", "inferred_published"):
            got = [x for d in ordered for x in d["timeline"][field]]
            self.assertEqual(got, self.report["timeline"][field], field)
        got = [x for d in ordered for x in d["cross_entities"]]
        self.assertEqual(got, self.report["cross_entities"])
        got = [x for d in ordered for x in d["records"]]
        self.assertEqual(got, self.report["records"])
        self.assertEqual([p for d in ordered for p in d["problems"]], self.report["problems"])


if __name__ == "__main__":
    unittest.main()
