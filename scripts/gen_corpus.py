#!/usr/bin/env python3
"""Writes a realistic generated news corpus for the scale benchmarks (docs/performance.md).

Every sentence is fictional: templates filled from invented names, towns and events, so the
corpus can be shared and regenerated. What it imitates is the shape of a news archive:

* many stories, their sizes heavy-tailed between 1 and 50 articles;
* each story has its own people, place, event, numbers and quotes; its articles recombine
  the story's facts in different wordings, with numbers that sometimes disagree between outlets;
* wire reprints: a third of a story's later articles copy its wire article with light edits
  (a dropped or reworded sentence, the outlet's own credit line);
* stock phrases and boilerplate shared across stories (what the reuse index must pass over);
* 60 outlets, publication dates spread over two years, 12-30 sentences an article.

Output: JSON Lines files of at most --per-file articles (`text`, `title`, `outlet`,
`published`), so that `corroborate analyze DIR` reads them in parallel.

    python3 scripts/gen_corpus.py --articles 16000 --out /tmp/corpus16k
"""

import argparse
import json
import os
import random

FIRST = """Ada Bram Celia Dmitri Elena Farid Greta Hugo Ines Jonah Kira Luis Mara Nils Odette
Pavel Quinn Rosa Soren Talia Ulric Vera Wendel Xenia Yusuf Zora Anton Beatrix Cyrus Delia
Emil Fiona Gideon Hana Ivo Jolene Kasper Leona Milo Nadia Oskar Petra Rafe Selma Tobias Una
Viggo Wilma Yara Zeno""".split()
LAST = """Abbott Brennan Castillo Dorsey Eklund Fairweather Galvez Hollis Ibarra Jensen Kowalski
Lindqvist Moreau Nakamura Okafor Petrov Quintero Rasmussen Sandoval Thorne Underhill Valdez
Whitlock Yilmaz Zamora Achebe Bergstrom Calloway Draper Esposito Fenwick Grimaldi Haverford
Isaksen Jankowski Kettering Lachance Marchetti Norquist Oyelaran Pemberton Ravensworth
Steinbeck Tavares Ulbricht Vasquez Wexley Yardley Zielinski""".split()
TOWN_A = """Harl Mill East West Pine Stone Ash Brook Cedar Dun Oak Elm Fair Glen High Iron Lake
Marsh North Red South Silver Spring Sun Timber Willow Wolf Bright Clear Deer""".split()
TOWN_B = """ow brook cote ridge bridge field ford vale falls more haven port wick ton dale mouth
stead burgh ham ley""".split()
EVENTS = [
    ("a warehouse fire", "the fire", "firefighters"),
    ("a ferry grounding", "the grounding", "coast guard crews"),
    ("a bridge collapse", "the collapse", "rescue teams"),
    ("a water main break", "the break", "utility crews"),
    ("a chemical spill", "the spill", "hazmat teams"),
    ("a bus crash", "the crash", "paramedics"),
    ("a power outage", "the outage", "line crews"),
    ("a factory explosion", "the explosion", "firefighters"),
    ("a train derailment", "the derailment", "rail crews"),
    ("a flash flood", "the flood", "rescue teams"),
    ("a gas leak", "the leak", "gas company crews"),
    ("a building collapse", "the collapse", "search teams"),
    ("a wildfire", "the blaze", "fire crews"),
    ("a stadium stampede", "the stampede", "paramedics"),
    ("a highway pileup", "the pileup", "state troopers"),
]
ROLES = ["Fire Chief", "Police Chief", "Mayor", "County Sheriff", "Emergency Manager",
         "Deputy Mayor", "Public Works Director", "Health Officer"]
AGENCIES = ["the state Department of Safety", "the county health department",
            "the National Transport Board", "the regional water authority",
            "the state labor inspectorate", "the harbor commission"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
OUTLET_A = """Coastal Valley Metro Harbor Summit River Prairie Capital Northern Southern Eastern
Western Lakeside Highland Granite Evening""".split()
OUTLET_B = ["Gazette", "Courier", "Ledger", "Herald", "Tribune", "Post", "Times", "Record"]
WIRES = ["Continental Wire", "Associated Newswire", "Global Press Service"]
NUMBER_WORDS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

# Stock phrases shared by many stories (boilerplate the reuse index must pass over).
STOCK = [
    "The investigation is ongoing, officials said.",
    "This is a developing story and will be updated.",
    "Anyone with information is asked to call the tip line.",
    "Officials did not immediately respond to a request for comment.",
    "The cause remains under investigation.",
    "Check back for updates as more information becomes available.",
    "Traffic was diverted for several hours.",
    "No further details were released on Sunday night.",
]
PLACES = """depot terminal ramp culvert substation pier tunnel reservoir levee overpass canal
junction viaduct hangar silo quarry marina plaza shelter clinic""".split()

# Background sentences: shapes filled with invented words drawn with a Zipf-like law from a
# vocabulary of about 8,000 (plus a few topic words per story), so that, as in real news, common
# words repeat everywhere while most three-word runs are rare.
SHAPES = [
    "The {a} {b} said the {c} had {v} the {d} near {T}.",
    "Residents of {T} have long complained about the {a} {b}.",
    "The {a} had been {v} before {M}, according to {c} records.",
    "A spokesperson for the {a} {b} said it was reviewing its {c} {d}.",
    "Local {a} along {T} Avenue reported {v} {k} {b}.",
    "Members of the {a} plan to discuss the {b} {c} on {D}.",
    "In {Y}, a similar {a} {v} the {b} for weeks.",
    "The {a} said it would {v} a full {b} {c} by {M}.",
    "{A} {B}, who runs the {a} {b}, said the {c} was {v}.",
    "Critics said the {a} {b} had {v} the {c} {d} for years.",
]
SYLLABLES = """ba ko ri te lu ma sen dor vi quel ta ro ni fa gu pe sha zo li mer""".split()
VOCAB = [a + b for a in SYLLABLES for b in SYLLABLES] + [
    a + b + c for a in SYLLABLES for b in SYLLABLES for c in SYLLABLES]
VERBS = [w + "ed" for w in VOCAB[:400]]
ZIPF = []
acc = 0.0
for i in range(len(VOCAB)):
    acc += 1.0 / (i + 1)
    ZIPF.append(acc)


def rng_name(r):
    return f"{r.choice(FIRST)} {r.choice(LAST)}"


class Story:
    def __init__(self, sid, r, outlets):
        self.id = sid
        self.town = r.choice(TOWN_A) + r.choice(TOWN_B)
        self.event, self.short, self.crews = r.choice(EVENTS)
        self.role = r.choice(ROLES)
        self.official = rng_name(r)
        self.witness = rng_name(r)
        self.witness_age = r.randint(19, 81)
        self.agency = r.choice(AGENCIES)
        self.hurt = r.randint(2, 40)
        self.dead = r.randint(0, 6)
        self.minutes = r.randint(4, 30)
        self.miles = r.randint(1, 12)
        self.day = r.choice(DAYS)
        self.year = r.choice([2024, 2025])
        self.month = r.randrange(12)
        self.date = r.randint(1, 28)
        self.wire = r.choice(WIRES)
        self.home = r.choice(outlets)
        self.topic = [r.choice(VOCAB) for _ in range(12)]
        self.facts = self._facts(r)

    def _facts(self, r):
        s = self
        dead = "no one was killed" if s.dead == 0 else f"{s.dead} people were killed"
        month = MONTHS[s.month]
        # Each fact has several wordings; outlets pick one.
        return [
            [f"{s.hurt} people were injured and {dead} in {s.event} in {s.town} on {s.day}, "
             f"{s.role} {s.official} said.",
             f"{s.role} {s.official} said {s.hurt} people were hurt in {s.event} in {s.town} "
             f"on {s.day} and that {dead}.",
             f"{s.event.capitalize()} in {s.town} on {s.day} injured {s.hurt} people, "
             f"according to {s.role} {s.official}."],
            [f"\"We were there within {s.minutes} minutes, and everyone who could get out got "
             f"out,\" {s.official} said.",
             f"{s.official} said {s.crews} arrived within {s.minutes} minutes."],
            [f"Witness {s.witness}, {s.witness_age}, said {s.short} could be seen {s.miles} miles "
             f"away.",
             f"\"It sounded like thunder and then the windows shook,\" said {s.witness}, who "
             f"lives {s.miles} miles from the site."],
            [f"{s.agency.capitalize()} disputed the account, saying {s.crews} arrived after "
             f"{s.minutes + r.randint(5, 20)} minutes.",
             f"A statement from {s.agency} said the response took longer than {s.official} "
             f"described."],
            [f"The site had passed an inspection on {month} {s.date}, {s.year}, records show.",
             f"Records show the site was last inspected on {month} {s.date}."],
            [f"{s.crews.capitalize()} worked through the night to secure the area around "
             f"{s.town}'s {r.choice(PLACES)}.",
             f"By early morning {s.crews} had secured the {r.choice(PLACES)}."],
            [f"{s.official} said the city would ask {s.agency} to review {s.short}.",
             f"The city will ask {s.agency} for a review, {s.official} said."],
            [f"Of the injured, {min(s.hurt, r.randint(1, 5))} were in critical condition, "
             f"hospital officials said.",
             f"Hospital officials said several of the injured were critically injured."],
            [f"\"We owe these families answers,\" {s.official} told reporters on {s.day}.",
             f"{s.official} promised the families answers."],
            [f"{s.town} declared a local emergency after {s.short}.",
             f"A local emergency was declared in {s.town}."],
        ]


def generic(r, story):
    def word():
        if r.random() < 0.3:
            return r.choice(story.topic)
        return r.choices(VOCAB, cum_weights=ZIPF)[0]

    return r.choice(SHAPES).format(
        a=word(), b=word(), c=word(), d=word(), v=r.choice(VERBS), T=story.town,
        M=r.choice(MONTHS), D=r.choice(DAYS), Y=r.randint(1990, 2023),
        k=r.choice(NUMBER_WORDS), A=r.choice(FIRST), B=r.choice(LAST))


def reword(r, sentence):
    """An outlet's own wording of a fact: a few lower-case words replaced."""
    words = sentence.split(" ")
    spots = [i for i, w in enumerate(words[1:-1], 1) if w.isalpha() and w.islower()]
    for i in r.sample(spots, min(len(spots), r.randint(1, 4))):
        words[i] = r.choices(VOCAB, cum_weights=ZIPF)[0]
    return " ".join(words)


def fresh_article(r, story, outlet):
    sentences = []
    for fact in story.facts:
        if r.random() < 0.6:
            sentences.append(reword(r, r.choice(fact)))
    rest = sentences[1:]
    r.shuffle(rest)
    sentences = sentences[:1] + rest
    extra = r.randint(10, 28)
    for _ in range(extra):
        sentences.insert(r.randint(min(1, len(sentences)), len(sentences)), generic(r, story))
    if r.random() < 0.5:
        sentences.append(r.choice(STOCK))
    return sentences


def reprint(r, wire_sentences, outlet):
    out = [s for s in wire_sentences if r.random() > 0.1]
    if out and r.random() < 0.5:
        k = r.randrange(len(out))
        out[k] = out[k].replace(" said", " told reporters", 1)
    out.append(f"{outlet} contributed to this report.")
    return out


def paragraphs(sentences, r):
    paras, cur = [], []
    for s in sentences:
        cur.append(s)
        if len(cur) >= r.randint(1, 3):
            paras.append(" ".join(cur))
            cur = []
    if cur:
        paras.append(" ".join(cur))
    return "\n\n".join(paras)


def story_size(r):
    # Heavy tail: most stories have a few articles, a few have dozens (at most 50).
    return min(50, max(1, int(r.paretovariate(1.2))))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--articles", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--per-file", type=int, default=500)
    ap.add_argument(
        "--by-date",
        action="store_true",
        help="write the articles in order of publication (a feed as it arrives) instead of "
        "story by story; holds the whole corpus in memory",
    )
    ap.add_argument(
        "--gold",
        help="also write each article's true story here, one TSV line per article: "
        "source (file:line, as the report's documents[].source) and story number",
    )
    args = ap.parse_args()
    r = random.Random(args.seed)
    outlets = [f"{a} {b}" for a in OUTLET_A for b in OUTLET_B]
    r.shuffle(outlets)
    outlets = outlets[:60]
    os.makedirs(args.out, exist_ok=True)
    written, sid, file_no = 0, 0, 0
    buf = []
    gold = []

    def flush():
        nonlocal buf, file_no
        if buf:
            path = os.path.join(args.out, f"part-{file_no:05}.jsonl")
            with open(path, "w", encoding="utf-8") as f:
                f.write("".join(buf))
            file_no += 1
            buf = []

    held = []  # (published, line, story) with --by-date, written at the end

    while written < args.articles:
        story = Story(sid, r, outlets)
        sid += 1
        n = min(story_size(r), args.articles - written)
        wire = None
        for k in range(n):
            if k == 0 and n > 2 and r.random() < 0.6:
                outlet = story.wire
                wire = fresh_article(r, story, outlet)
                sentences = wire
            elif wire is not None and r.random() < 0.35:
                outlet = r.choice(outlets)
                sentences = reprint(r, wire, outlet)
            else:
                outlet = r.choice(outlets)
                sentences = fresh_article(r, story, outlet)
            title = f"{story.event.capitalize()} in {story.town} leaves {story.hurt} injured"
            day = min(28, story.date + k // 5)
            published = f"{story.year}-{story.month + 1:02}-{day:02}"
            text = f"{title}\n\n{story.town.upper()} -- {paragraphs(sentences, r)}\n"
            line = {"text": text, "title": title, "outlet": outlet, "published": published}
            written += 1
            if args.by_date:
                held.append((published, json.dumps(line, ensure_ascii=False) + "\n", story.id))
                continue
            buf.append(json.dumps(line, ensure_ascii=False) + "\n")
            path = os.path.join(args.out, f"part-{file_no:05}.jsonl")
            gold.append(f"{path}:{len(buf)}\t{story.id}\n")
            if len(buf) >= args.per_file:
                flush()
    held.sort(key=lambda h: h[0])
    for _, line, story_id in held:
        buf.append(line)
        path = os.path.join(args.out, f"part-{file_no:05}.jsonl")
        gold.append(f"{path}:{len(buf)}\t{story_id}\n")
        if len(buf) >= args.per_file:
            flush()
    flush()
    if args.gold:
        with open(args.gold, "w", encoding="utf-8") as f:
            f.write("".join(gold))


if __name__ == "__main__":
    main()
