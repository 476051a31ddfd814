#!/usr/bin/env python3
"""The Squib side of `make bench` (bench/all.sh) makes the same deck as kartenwerk.

  squib_deck_test.py data KARTENWERK SOURCE_ROOT WORK_DIR
      bench/deck.sh writes a deck; the CSV bench/squib/deck.rb reads holds
      exactly the cards kartenwerk loads from the deck's YAML (`kartenwerk
      table export`): the same ids, titles, numbers and texts, in the same
      order, and the colours of the card's colour entry.
  squib_deck_test.py script SOURCE_ROOT WORK_DIR
      `ruby -c bench/squib/deck.rb`; where Squib can be loaded, the script
      makes the deck: a PNG of 768 x 1146 px per card and a PDF of a page per
      card. Exit status 77 (skipped) without ruby, which the install step does
      not install.
"""
import csv
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

CARDS = 13  # every title (8) and colour (4) more than once


def fail(message):
    print(f"squib_deck_test: {message}", file=sys.stderr)
    sys.exit(1)


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        fail(f"{' '.join(map(str, command))} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return result


def write_deck(source, work):
    deck = work / "deck"
    shutil.rmtree(deck, ignore_errors=True)
    run(["bash", str(source / "bench/deck.sh"), str(deck), str(CARDS)])
    return deck


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def check_data(kartenwerk, source, work):
    deck = write_deck(source, work)
    squib_rows = read_csv(deck / "squib/cards.csv")
    run([kartenwerk, "--root", deck, "table", "export", "--game", "bench", "--deck", "cards",
         "--out", work / "cards.csv"])
    run([kartenwerk, "--root", deck, "table", "export", "--game", "bench", "--table", "colours",
         "--out", work / "colours.csv"])
    cards = read_csv(work / "cards.csv")
    colours = {row["id"]: row for row in read_csv(work / "colours.csv")}
    if len(cards) != CARDS:
        fail(f"kartenwerk loads {len(cards)} cards, not {CARDS}")
    if len(squib_rows) != len(cards):
        fail(f"the Squib CSV has {len(squib_rows)} cards, kartenwerk's deck {len(cards)}")
    for card, squib in zip(cards, squib_rows):
        expected = {
            "id": card["id"],
            "title": card["title"],
            "number": card["number"],
            "ground": colours[card["colour"]]["ground"],
            "ink": colours[card["colour"]]["ink"],
            "body": card["body"],
        }
        if squib != expected:
            fail(f"card {card['id']}: the Squib CSV has\n  {squib}\nkartenwerk's deck\n  {expected}")
    print(f"squib_deck_test: the Squib CSV holds kartenwerk's {CARDS} cards")


def png_size(path):
    header = path.read_bytes()[:24]
    if header[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path} is no PNG")
    return struct.unpack(">II", header[16:24])


def check_script(source, work):
    ruby = shutil.which("ruby")
    if not ruby:
        print("squib_deck_test: no ruby on PATH: skipped")
        sys.exit(77)
    script = source / "bench/squib/deck.rb"
    run([ruby, "-c", script])
    if subprocess.run([ruby, "-e", 'require "squib"'], capture_output=True).returncode != 0:
        print("squib_deck_test: bench/squib/deck.rb parses; Squib cannot be loaded, so it was not run")
        return
    deck = write_deck(source, work)
    out = work / "squib-out"
    shutil.rmtree(out, ignore_errors=True)
    run([ruby, script, deck, out])
    pngs = sorted(out.glob("card_*.png"))
    if len(pngs) != CARDS:
        fail(f"Squib wrote {len(pngs)} card PNGs, not {CARDS}")
    for png in pngs:
        if png_size(png) != (768, 1146):
            fail(f"{png.name} is {png_size(png)} px, not 768 x 1146")
    pages = len(re.findall(rb"/Type\s*/Page\b(?!s)", (out / "cards.pdf").read_bytes()))
    if pages != CARDS:
        fail(f"cards.pdf has {pages} pages, not {CARDS}")
    only_pdf = work / "squib-pdf"
    shutil.rmtree(only_pdf, ignore_errors=True)
    run([ruby, script, deck, only_pdf, "pdf"])
    if list(only_pdf.glob("*.png")) or not (only_pdf / "cards.pdf").is_file():
        fail("`deck.rb DECK OUT pdf` did not write the PDF alone")
    print(f"squib_deck_test: Squib made {CARDS} cards of 768 x 1146 px and a PDF of {CARDS} pages")


def main():
    args = sys.argv[1:]
    if len(args) == 4 and args[0] == "data":
        work = Path(args[3])
        work.mkdir(parents=True, exist_ok=True)
        check_data(args[1], Path(args[2]), work)
    elif len(args) == 3 and args[0] == "script":
        work = Path(args[2])
        work.mkdir(parents=True, exist_ok=True)
        check_script(Path(args[1]), work)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
