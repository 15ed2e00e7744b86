"""Corroborate's pipeline stages: annotate articles, find story candidates, link, reconcile."""

from os import PathLike
from typing import Any, Dict, Iterable, Iterator, List, Optional, Union

Artifact = Dict[str, Any]
"""The per-article artifact: {"artifact": "corroborate-article", "version": 1, "prepared": ..., "extraction": ...}."""
ArtifactLike = Union[Artifact, str]
"""An artifact as a dict or as its JSON text."""
Dossier = Dict[str, Any]
"""One story's part of the JSON report: story, lineages, passages, documents, cross_entities,
timeline, claims, records, problems."""

ARTIFACT_KIND: str
ARTIFACT_VERSION: int
JOIN_THRESHOLD: float
POSTING_CAP: int

def annotate(
    text_or_html: Union[str, Dict[str, Any]],
    *,
    url: Optional[str] = None,
    outlet: Optional[str] = None,
    published: Optional[str] = None,
    today: Optional[str] = None,
    html: Optional[bool] = None,
    title: Optional[str] = None,
    source: Optional[str] = None,
    as_json: bool = False,
) -> Union[Artifact, str]:
    """One article through cleaning, segmentation and extraction: its artifact (JSON text when
    `as_json`). ValueError when the input holds no article."""
def candidate_keys(result: ArtifactLike) -> List[str]:
    """The keys story-linking candidate generation uses for this article, sorted."""
def signature(result: ArtifactLike) -> bytes:
    """The article's story features as compact bytes, for `similarity`."""
def similarity(a: bytes, b: bytes) -> float:
    """Story similarity of two articles' signatures, 0 to 1."""
def link(results: Iterable[ArtifactLike]) -> List[Dict[str, Any]]:
    """Stories as `corroborate analyze` groups them: {"id", "title", "documents", "lineages"}."""
def dossiers(
    results: Iterable[ArtifactLike], *, records: bool = True, as_json: bool = False
) -> Union[List[Dossier], List[str]]:
    """Links the articles into stories as the CLI does and returns one dossier per story."""
def reconcile(story_results: Iterable[ArtifactLike], *, records: bool = True) -> Dossier:
    """The dossier of the one story these articles form; ValueError when they form several."""
def analyze(
    paths: List[Union[str, PathLike[str]]], *, today: Optional[str] = None, as_json: bool = False
) -> Any:
    """The JSON report `corroborate analyze PATHS` writes."""

class WarcRecords(Iterator[Dict[str, Any]]):
    """Document dicts of a WARC archive's HTML records, read ahead on a background thread."""

    problems: List[str]
    def __iter__(self) -> "WarcRecords": ...
    def __next__(self) -> Dict[str, Any]: ...

def read_warc(path: Union[str, PathLike[str]]) -> WarcRecords:
    """Iterates over the HTML records of a WARC file (.warc or .warc.gz)."""
