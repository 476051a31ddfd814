# The bench deck of bench/deck.sh made with Squib (github.com/andymeneely/squib,
# 0.19 or later), so that bench/all.sh can time Squib on the same cards as
# kartenwerk: 768 x 1146 px (59 x 91 mm + 3 mm bleed at 300 dpi), each with a
# full-bleed colour, a rounded frame, a title with diacritics, a wrapped
# 40-word paragraph with one bold word, the SVG icon and a number, drawn where
# the kartenwerk layout (bench/deck.sh's layouts/bench/card.yaml) draws them,
# in the fonts it uses (DECK/fonts, made known to fontconfig for this process
# only). The cards come from DECK/squib/cards.csv, which bench/deck.sh writes
# from the same data as the kartenwerk deck; one card per line.
#
# kartenwerk's shared back has no counterpart here: Squib's bench is the
# cards, a PNG per card and one PDF of them all (a card per page, as in
# kartenwerk's game PDF).
#
# Usage: ruby bench/squib/deck.rb DECK OUT [both|png|pdf]
#   DECK  a folder written by bench/deck.sh
#   OUT   the folder for card_001.png ... and cards.pdf (made if missing)
#   both  (default) the PNGs and the PDF; png or pdf: only that one
require 'csv'
require 'fileutils'
require 'tmpdir'

deck_dir, out, what = ARGV
what ||= 'both'
unless deck_dir && out && %w[both png pdf].include?(what) && ARGV.size <= 3
  warn 'usage: ruby bench/squib/deck.rb DECK OUT [both|png|pdf]'
  exit 2
end
deck_dir = File.expand_path(deck_dir)
out = File.expand_path(out)
data_file = File.join(deck_dir, 'squib', 'cards.csv')
icon_file = File.join(deck_dir, 'templates', 'bench', 'icon.svg')
[data_file, icon_file, File.join(deck_dir, 'fonts')].each do |f|
  next if File.exist?(f)

  warn "bench/squib/deck.rb: #{f} is missing (write the deck with bench/deck.sh DECK N)"
  exit 1
end

# The deck's own font files, found by Pango through fontconfig: a config that
# reads the system's and adds DECK/fonts. Set before Pango makes its font map.
font_conf_dir = Dir.mktmpdir('kw-squib-fonts')
at_exit { FileUtils.remove_entry(font_conf_dir) }
font_conf = File.join(font_conf_dir, 'fonts.conf')
system_conf = ENV['FONTCONFIG_FILE'] || '/etc/fonts/fonts.conf'
File.write(font_conf, <<~XML)
  <?xml version="1.0"?>
  <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
  <fontconfig>
    <include ignore_missing="yes">#{system_conf.encode(xml: :text)}</include>
    <dir>#{File.join(deck_dir, 'fonts').encode(xml: :text)}</dir>
  </fontconfig>
XML
ENV['FONTCONFIG_FILE'] = font_conf

require 'squib'

rows = CSV.read(data_file, headers: true, encoding: 'UTF-8')
if rows.empty?
  warn "bench/squib/deck.rb: #{data_file} has no cards"
  exit 1
end
FileUtils.mkdir_p(out)

DPI = 300
BLEED_MM = 3

# Millimetres to pixels at 300 dpi; at(): a position in the kartenwerk
# layout, whose boxes are measured from the trim, so past the bleed.
def mm(length)
  length * DPI / 25.4
end

def at(position)
  mm(position + BLEED_MM)
end

# The families of fonts/fonts.yaml: garamond regular is EB Garamond 12, and
# its bold is Junicode Bold (EB Garamond Bold lacks the umlauts).
BODY_FONT = 'EB Garamond 12'
BOLD_FAMILY = 'Junicode Two Beta'
# kartenwerk sets lines 1.15 x the size apart (10 pt: 47.9 px); Pango sets
# EB Garamond 10 pt 43.2 px apart, and Squib's spacing adds to that.
BODY_SPACING = 4.7

icon = File.read(icon_file)
grounds = rows.map { |r| r['ground'] }
inks = rows.map { |r| r['ink'] }
# The icon's class="fg" shapes in the card's ink, as kartenwerk's
# `colors: { fg: ink }` paints them.
icons = inks.map { |ink| icon.gsub(/(class="fg"[^>]*?fill=")[^"]*/, "\\1#{ink}") }
# kartenwerk's **bold** as Squib's (Pango's) markup, in kartenwerk's bold face.
bodies = rows.map do |r|
  r['body'].encode(xml: :text).gsub(/\*\*(.+?)\*\*/) do
    %(<span font_family="#{BOLD_FAMILY}" weight="bold">#{Regexp.last_match(1)}</span>)
  end
end

Squib::Deck.new(cards: rows.size, width: 768, height: 1146, dpi: DPI,
                config: File.join(font_conf_dir, 'no-config.yml')) do
  background color: grounds
  rect x: at(3), y: at(3), width: mm(53), height: mm(85), radius: mm(3),
       stroke_color: inks, stroke_width: mm(0.6)
  # kartenwerk's text is centred in its box both ways unless told otherwise.
  text str: rows.map { |r| r['title'] }, font: "#{BOLD_FAMILY} Bold 14", color: inks,
       x: at(6), y: at(6), width: mm(40), height: mm(9), wrap: false, align: :center, valign: :middle
  svg data: icons, x: at(45), y: at(5), width: mm(9), height: mm(9)
  text str: bodies, markup: true, font: "#{BODY_FONT} 10", color: inks, align: :center, valign: :middle,
       spacing: BODY_SPACING, x: at(6), y: at(20), width: mm(47), height: mm(58)
  text str: rows.map { |r| r['number'] }, font: "#{BODY_FONT} 12", color: inks, align: :right,
       valign: :middle, x: at(6), y: at(79), width: mm(47), height: mm(8)
  save_png dir: out, prefix: 'card_', count_format: '%03d' unless what == 'pdf'
  save_pdf dir: out, file: 'cards.pdf', width: 768, height: 1146, margin: 0, gap: 0 unless what == 'png'
end
