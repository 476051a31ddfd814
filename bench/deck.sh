#!/usr/bin/env bash
# Writes the synthetic bench deck of issue 17 as a project folder: one game
# `bench` of N cards (default 300) of 59 x 91 mm + 3 mm bleed (768 x 1146 px
# at 300 dpi), each with a full-bleed colour, a rounded frame, a title with
# diacritics, a wrapped 40-word paragraph with one bold word, an SVG icon and
# a number; one shared back. No data/print/, so no PnP sheets: the deck is
# the one the issue measured Squib on (a PNG per card, one PDF of them all).
# The fonts are hard-linked from this checkout (copied across file systems).
# The same cards, colours resolved, go to DIR/squib/cards.csv as well: the
# data bench/squib/deck.rb makes the deck from in Squib (bench/all.sh).
# Usage: bench/deck.sh DIR [CARDS]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: bench/deck.sh DIR [CARDS]" >&2; exit 2; }
src=$(cd "$(dirname "$0")/.." && pwd)
dir=$1
cards=${2:-300}
if ! [[ "$cards" =~ ^[0-9]+$ ]] || [ "$cards" -lt 1 ]; then
  echo "bench/deck.sh: CARDS must be a positive number" >&2
  exit 2
fi
mkdir -p "$dir/data/games" "$dir/layouts/bench" "$dir/templates/bench" "$dir/squib"
rm -rf "$dir/fonts"
cp -rl "$src/fonts" "$dir/fonts" 2> /dev/null || cp -r "$src/fonts" "$dir/fonts"

cat > "$dir/data/cards.yaml" << 'YAML'
kartenwerk: 1
include:
  - formats.yaml
  - games/bench.yaml
YAML
cat > "$dir/data/formats.yaml" << 'YAML'
formats:
  bench-59x91:
    width: 59
    height: 91
    bleed: 3
    safe: 4
    corner_radius: 5
    dpi: 300
YAML
cat > "$dir/layouts/bench/card.yaml" << 'YAML'
edge_color: "{{colour.ground}}"
elements:
  - { type: rect, name: ground, area: bleed, fill: "{{colour.ground}}" }
  - { type: rect, name: frame, box: [3, 3, 53, 85], corner_radius: 3, stroke: "{{colour.ink}}", stroke_width: 0.6 }
  - type: text
    name: title
    text: "{{title}}"
    box: [6, 6, 40, 9]
    font: { family: garamond, style: bold }
    size: [14, 8]
    color: "{{colour.ink}}"
    wrap: false
  - type: art
    name: icon
    src: bench/icon.svg
    box: [45, 5, 9, 9]
    colors: { fg: "{{colour.ink}}" }
  - type: text
    name: body
    text: "{{body}}"
    box: [6, 20, 47, 58]
    font: { family: garamond, style: regular }
    size: [10, 6]
    color: "{{colour.ink}}"
    hyphenate: true
  - type: text
    name: number
    text: "{{number}}"
    box: [6, 79, 47, 8]
    font: { family: garamond, style: regular }
    size: 12
    align: right
    color: "{{colour.ink}}"
YAML
cat > "$dir/layouts/bench/back.yaml" << 'YAML'
edge_color: "#2b2d42"
elements:
  - { type: rect, area: bleed, fill: "#2b2d42" }
  - { type: rect, box: [3, 3, 53, 85], corner_radius: 3, stroke: "#edf2f4", stroke_width: 0.6 }
  - { type: text, text: "{{game.name}}", box: [5, 40, 49, 10], size: 16, align: center, color: "#edf2f4" }
YAML
cat > "$dir/templates/bench/icon.svg" << 'SVG'
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path class="fg" fill="#000000" d="M5 0.5 L6.2 3.8 L9.6 3.9 L6.9 6 L7.9 9.4 L5 7.4 L2.1 9.4 L3.1 6 L0.4 3.9 L3.8 3.8 Z"/></svg>
SVG
{
  cat << 'YAML'
game:
  id: bench
  name: Bänchmark
  format: bench-59x91
  tables:
    colours:
      fields:
        ground: { type: color, required: true }
        ink: { type: color, required: true }
      entries:
YAML
  # The colours, then the cards: written by one program for both decks.
  awk -v n="$cards" -v csv="$dir/squib/cards.csv" '
  function entry(name, ground, ink) {
    printf "        %s: { ground: \"%s\", ink: \"%s\" }\n", name, ground, ink
    colour_ground[name] = ground; colour_ink[name] = ink
  }
  BEGIN {
    entry("red", "#a72608", "#ffb140")
    entry("green", "#11412d", "#dcd4bc")
    entry("blue", "#2c8c99", "#0b1d21")
    entry("black", "#000000", "#ffffff")
    print "  card_fields:"
    print "    title: { type: text, required: true }"
    print "    body: { type: text, required: true }"
    print "    number: { type: int, required: true }"
    print "    colour: { type: ref, table: colours, required: true }"
    print "  decks:"
    print "    - id: cards"
    print "      name: Karten"
    print "      layout: bench/card"
    print "      back: bench/back"
    print "      cards:"
    # 40 words, one of them bold; the words shift with the card so that no
    # two cards are alike (each is laid out and rendered on its own).
    split("Über Äcker Flüsse und Höhen zieht der Bote mit seiner Botschaft früh am Morgen los während die Stadt noch schläft und nur die Möwen über dem Hafen kreisen bis endlich die Glocken läuten und alle Türen sich öffnen für den Tag", w, " ")
    split("red green blue black", c, " ")
    split("Æsir Ørsted Şahin Čapek Ñandú Élise Öland Łódź", t, " ")
    # No field holds a comma or a quote, so the CSV needs no quoting.
    print "id,title,number,ground,ink,body" > csv
    for (i = 1; i <= n; ++i) {
      body = ""
      for (k = 0; k < 40; ++k) {
        word = w[(i + k * 7) % 40 + 1]
        if (k == 17) word = "**" word "**"
        body = body (k ? " " : "") word
      }
      title = t[i % 8 + 1] " Nr. " i
      colour = c[i % 4 + 1]
      printf "        - { id: card-%d, title: \"%s\", number: %d, colour: %s, body: \"%s\" }\n", i, title, i, colour, body
      printf "card-%d,%s,%d,%s,%s,%s\n", i, title, i, colour_ground[colour], colour_ink[colour], body > csv
    }
  }'
} > "$dir/data/games/bench.yaml"
