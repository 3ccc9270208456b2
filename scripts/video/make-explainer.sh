#!/usr/bin/env bash
# Renders the StarPrep landing-page explainer from scratch:
#   explainer.webm (VP9 + Opus), explainer.mp4 (H.264 + AAC fallback for Safari),
#   explainer.en.vtt (captions timed from the real narration audio), explainer-poster.webp.
# Needs only Debian packages: ffmpeg, espeak-ng, imagemagick, fonts-dejavu-core.
# Output is deterministic: stars come from a fixed-seed LCG and muxing is bitexact.
#
# Usage: scripts/video/make-explainer.sh        (from any directory)
#   OUT_DIR=...      write somewhere other than src/client/assets/explainer
#   KEEP_SLIDES=dir  also save the rendered slide PNGs there, for review
set -euo pipefail

# ---- settings ---------------------------------------------------------------
W=1280 H=720
FPS=15        # slides are static; 15 fps keeps fades smooth and 22050/15 is a whole number
RATE=22050    # espeak-ng's native rate; all timing is counted in samples at this rate
VOICE=en-us
SPEED=155     # words per minute
PITCH=45

BG_FROM='#0f0820' BG_MID='#2a1454' BG_TO='#1e1b4b'   # same gradient as the site
TITLE_COLOR='#f5f3ff' BODY_COLOR='#ddd6fe' MUTED_COLOR='#a78bfa'
ACCENT_FROM='#8b5cf6' ACCENT_TO='#d946ef'
STAR_FILL='#c084fc'
STAR_SEED=1729 STAR_COUNT=120

FONT_DIR=/usr/share/fonts/truetype/dejavu
FONT_BOLD=$FONT_DIR/DejaVuSans-Bold.ttf
FONT_REG=$FONT_DIR/DejaVuSans.ttf
TITLE_PT=64 BODY_PT=36
MARGIN_X=96                      # left/right text margin; text block is W - 2*MARGIN_X wide
TEXT_W=$((W - 2 * MARGIN_X))

LEAD_S=0.25 TAIL_S=0.35          # silence before/after each slide's narration (~0.6 s of air)
GAP_S=0.20                       # pause between caption cues within a slide
FADE_S=0.30                      # text fades over the static star background

VP9_CRF=38 X264_CRF=26 OPUS_KBPS=48 AAC_KBPS=64
GOP=$((FPS * 5))                 # keyframe every 5 s so seeking stays cheap

# ---- slides -----------------------------------------------------------------
# T: title   B: on-screen line   N: one narrated sentence = one caption cue (keep <= 84 chars)
# L: center  centres the slide (closing slide)
read -r -d '' SLIDES <<'EOF' || true
T: Licensing exam prep
B: Bar · USMLE · NCLEX · CPA · PE/FE engineering
B: Skilled trades · Real estate · Insurance · Teaching
N: StarPrep helps you prepare for professional licensing exams:
N: the bar, medical boards like the USMLE and NCLEX, the CPA,
N: PE and FE engineering, skilled trades, real estate, insurance, teaching, and more.
---
T: Getting started
B: Register for your exam
B: Confirm your e-mail with a 6-digit code
N: First, register for the exam you are preparing for.
N: Then confirm your e-mail with a 6-digit code.
---
T: One yearly price
B: US$150 a year, plus tax
B: Paid through a secure hosted checkout
N: Access costs 150 US dollars a year, plus tax,
N: paid through a secure hosted checkout.
---
T: Three timed study modes
B: Flash cards · Multiple choice · Typed answers
B: Multiple choice is graded instantly and explained
N: Study with generated questions in three timed modes:
N: flash cards, multiple choice, and typed answers.
N: Multiple-choice answers are graded instantly, with an explanation.
---
T: Pick your difficulty
B: Easy · Medium · Hard
N: Choose easy, medium, or hard questions.
---
T: Study your own materials
B: Upload PDF, Word or text files, or paste text
B: Questions are made from them too
N: Upload your own study materials: PDF, Word, or text files, or paste in text.
N: Questions are made from them too.
---
T: Report your result
B: After your exam, tell us whether you passed
B: Passing results help improve the question sets
N: After your exam, report whether you passed.
N: Results from people who passed help improve the question sets.
---
L: center
T: StarPrep
B: Register to start studying.
N: StarPrep. Register to start studying.
EOF

# espeak-ng mangles some acronyms; captions keep the normal spelling.
speech_text() { sed -e 's/\bUSMLE\b/U.S.M.L.E./g' <<<"$1"; }

# ---- setup ------------------------------------------------------------------
for tool in ffmpeg espeak-ng convert; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install ffmpeg espeak-ng imagemagick)" >&2; exit 1; }
done
for f in "$FONT_BOLD" "$FONT_REG"; do
  [[ -f $f ]] || { echo "missing font $f (apt-get install fonts-dejavu-core)" >&2; exit 1; }
done

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$SCRIPT_DIR/../.." && pwd)
OUT_DIR=${OUT_DIR:-$REPO_ROOT/src/client/assets/explainer}
KEEP_SLIDES=${KEEP_SLIDES:-}

TMP=$(mktemp -d "${TMPDIR:-/tmp}/starprep-explainer.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

FRAME_SAMPLES=$((RATE / FPS))
samples() { awk -v s="$1" -v r="$RATE" 'BEGIN { printf "%d", s * r + 0.5 }'; }
secs() { awk -v n="$1" -v r="$RATE" 'BEGIN { printf "%.6f", n / r }'; }
vtt_time() { # samples -> HH:MM:SS.mmm
  local ms=$(( ($1 * 1000 + RATE / 2) / RATE ))
  printf '%02d:%02d:%02d.%03d' $((ms / 3600000)) $((ms / 60000 % 60)) $((ms / 1000 % 60)) $((ms % 1000))
}
silence() { head -c $(($1 * 2)) /dev/zero; }   # N samples of s16le silence
im_text() { local s=${1//%/%%}; printf '%s' "${s//\\/\\\\}"; }  # ImageMagick treats % and \ as escapes

# Five-pointed star polygon centred on (cx, cy) with outer radius r.
star_points() {
  awk -v cx="$1" -v cy="$2" -v r="$3" 'BEGIN {
    pi = atan2(0, -1)
    for (i = 0; i < 10; i++) {
      rad = (i % 2) ? r * 0.45 : r; a = -pi / 2 + i * pi / 5
      printf "%.2f,%.2f ", cx + rad * cos(a), cy + rad * sin(a)
    }
  }'
}

# ---- background: gradient + fixed stars + wordmark (same on every slide) ----
# Three-stop diagonal gradient = a 3-colour ramp applied (clut) to a grey diagonal ramp.
convert -size 1x128 gradient:"$BG_FROM-$BG_MID" -size 1x128 gradient:"$BG_MID-$BG_TO" -append "$TMP/ramp.png"
convert -size ${W}x$H -define gradient:direction=SouthEast gradient:black-white \
  "$TMP/ramp.png" -clut "$TMP/bg-gradient.png"

# Stars from a tiny LCG so positions never change between runs or machines.
seed=$STAR_SEED
rnd() { seed=$(( (seed * 1103515245 + 12345) % 2147483648 )); R=$(( seed >> 8 )); }
draw=()
for ((i = 0; i < STAR_COUNT; i++)); do
  rnd; x=$((R % W)); rnd; y=$((R % H))
  rnd; size=$((R % 100))   # mostly tiny, a few brighter ones
  # Only faint stars where text goes, so none reads as a bullet or a stray dot on a glyph.
  if ((x > MARGIN_X - 40 && x < W - MARGIN_X + 40 && y > 170 && y < 590)); then size=0; fi
  if   ((size < 70)); then r=0.9; a=0.45
  elif ((size < 92)); then r=1.4; a=0.7
  else                     r=2.0; a=0.95; fi
  rnd; if ((R % 3 == 0)); then c="191,219,254"; else c="255,255,255"; fi   # light blue / white
  draw+=(-fill "rgba($c,$a)" -draw "circle $x,$y $(awk -v x="$x" -v r="$r" 'BEGIN{print x + r}'),$y")
done
convert -size ${W}x$H xc:none "${draw[@]}" "$TMP/stars.png"
# A soft blurred copy under the dots gives them a faint glow.
convert "$TMP/bg-gradient.png" \( "$TMP/stars.png" -blur 0x2.5 \) -compose screen -composite \
  "$TMP/stars.png" -compose over -composite \
  -fill "$STAR_FILL" -draw "polygon $(star_points 78 54 15)" \
  -font "$FONT_BOLD" -pointsize 28 -fill "$TITLE_COLOR" -annotate +102+65 'StarPrep' \
  "$TMP/bg.png"

# Accent bar under titles: violet -> fuchsia, rounded ends.
convert -size 8x180 gradient:"$ACCENT_FROM-$ACCENT_TO" -rotate -90 \
  \( -size 180x8 xc:none -fill white -draw 'roundrectangle 0,0 179,7 4,4' \) \
  -compose DstIn -composite "$TMP/bar.png"

# ---- per-slide text layer + narration ---------------------------------------
: >"$TMP/narration.raw"
: >"$TMP/cues.tsv"          # start_samples  end_samples  text
slide_starts=() slide_lens=()
lead=$(samples "$LEAD_S") tail=$(samples "$TAIL_S") gap=$(samples "$GAP_S")

render_slide() { # $1=index (1-based) $2=count
  local n=$1 total=$2 gravity=West geom="+$MARGIN_X+12" parts=() k=0
  [[ $layout == center ]] && { gravity=Center; geom="+0+12"; }

  convert -background none -fill "$TITLE_COLOR" -font "$FONT_BOLD" -pointsize "$TITLE_PT" \
    -gravity "$gravity" -size "${TEXT_W}x" caption:"$(im_text "$title")" "$TMP/t.png"
  # Pad the bar to full text width so it lines up with the text's alignment.
  convert -size "${TEXT_W}x8" xc:none "$TMP/bar.png" -gravity "$gravity" -composite "$TMP/b.png"
  parts=("$TMP/t.png" -size "${TEXT_W}x26" xc:none "$TMP/b.png" -size "${TEXT_W}x30" xc:none)
  if [[ $layout == center ]]; then  # closing slide: big star above the name
    convert -size "${TEXT_W}x110" xc:none -fill "$STAR_FILL" \
      -draw "polygon $(star_points $((TEXT_W / 2)) 52 50)" "$TMP/s.png"
    parts=("$TMP/s.png" -size "${TEXT_W}x14" xc:none "${parts[@]}")
  fi
  for line in "${body[@]}"; do
    convert -background none -fill "$BODY_COLOR" -font "$FONT_REG" -pointsize "$BODY_PT" \
      -interline-spacing 6 -gravity "$gravity" -size "${TEXT_W}x" caption:"$(im_text "$line")" "$TMP/l$k.png"
    ((k > 0)) && parts+=(-size "${TEXT_W}x14" xc:none)
    parts+=("$TMP/l$k.png"); k=$((k + 1))
  done
  convert -background none "${parts[@]}" -append "$TMP/block.png"
  convert -size ${W}x$H xc:none "$TMP/block.png" -gravity "$gravity" -geometry "$geom" -composite "$TMP/text.png"
  # Soft dark shadow under the text lifts it off the stars (built full-frame so nothing shifts).
  convert "$TMP/text.png" -alpha extract -blur 0x6 -evaluate multiply 0.7 -roll +0+2 "$TMP/shadow.png"
  convert -size ${W}x$H xc:"$BG_FROM" "$TMP/shadow.png" -alpha off -compose CopyOpacity -composite \
    "$TMP/text.png" -compose over -composite \
    -gravity SouthEast -font "$FONT_REG" -pointsize 22 -fill "$MUTED_COLOR" -annotate +$MARGIN_X+40 "$n / $total" \
    "$TMP/layer$n.png"
  convert "$TMP/bg.png" "$TMP/layer$n.png" -composite "$TMP/slide$n.png"

  # Narration: one espeak-ng clip per cue, edge silence trimmed, so cue times are exact.
  local start pos len j=0
  start=$(( $(stat -c %s "$TMP/narration.raw") / 2 ))
  silence "$lead" >>"$TMP/narration.raw"; pos=$((start + lead))
  for text in "${narr[@]}"; do
    ((j > 0)) && { silence "$gap" >>"$TMP/narration.raw"; pos=$((pos + gap)); }
    espeak-ng -v "$VOICE" -s "$SPEED" -p "$PITCH" -w "$TMP/say.wav" "$(speech_text "$text")"
    ffmpeg -nostdin -v error -y -i "$TMP/say.wav" -af \
      "silenceremove=start_periods=1:start_threshold=-50dB,areverse,silenceremove=start_periods=1:start_threshold=-50dB,areverse" \
      -ar "$RATE" -ac 1 -f s16le "$TMP/say.raw"
    len=$(( $(stat -c %s "$TMP/say.raw") / 2 ))
    cat "$TMP/say.raw" >>"$TMP/narration.raw"
    printf '%d\t%d\t%s\n' "$pos" $((pos + len)) "$text" >>"$TMP/cues.tsv"
    pos=$((pos + len)); j=$((j + 1))
  done
  # Tail silence, rounded up to a whole video frame so audio and slides stay in step.
  len=$((pos + tail - start)); len=$(( (len + FRAME_SAMPLES - 1) / FRAME_SAMPLES * FRAME_SAMPLES ))
  silence $((start + len - pos)) >>"$TMP/narration.raw"
  slide_starts+=("$start"); slide_lens+=("$len")
}

count=$(grep -c '^---$' <<<"$SLIDES"); count=$((count + 1))
n=0 title='' layout='' body=() narr=()
flush() { n=$((n + 1)); render_slide "$n" "$count"; title='' layout='' body=() narr=(); }
while IFS= read -r row; do
  case $row in
    '---') flush ;;
    'T: '*) title=${row#T: } ;;
    'B: '*) body+=("${row#B: }") ;;
    'N: '*) narr+=("${row#N: }") ;;
    'L: '*) layout=${row#L: } ;;
    '') ;;
    *) echo "bad slide line: $row" >&2; exit 1 ;;
  esac
done <<<"$SLIDES"
flush

total=$(( $(stat -c %s "$TMP/narration.raw") / 2 ))
echo "slides: $n, duration: $(secs "$total") s"

# ---- captions ---------------------------------------------------------------
{
  printf 'WEBVTT\n'
  i=0
  while IFS=$'\t' read -r s e text; do
    i=$((i + 1))
    # Long cues break into two lines at the space nearest the middle.
    text=$(awk -v t="$text" 'BEGIN {
      if (length(t) <= 42) { print t; exit }
      m = int(length(t) / 2); best = 0
      for (k = 1; k <= length(t); k++) if (substr(t, k, 1) == " " && (best == 0 || (k - m)^2 < (best - m)^2)) best = k
      print substr(t, 1, best - 1); print substr(t, best + 1) }')
    printf '\n%d\n%s --> %s\n%s\n' "$i" "$(vtt_time "$s")" "$(vtt_time "$e")" "$text"
  done <"$TMP/cues.tsv"
} >"$TMP/explainer.en.vtt"

# ---- video ------------------------------------------------------------------
# Static background + one text layer per slide, faded in/out on alpha so the stars never blink.
inputs=(-loop 1 -framerate "$FPS" -i "$TMP/bg.png")
graph='' prev='0:v'
for ((i = 1; i <= n; i++)); do
  start=${slide_starts[i - 1]} len=${slide_lens[i - 1]}
  d=$(secs "$len")
  inputs+=(-loop 1 -framerate "$FPS" -t "$d" -i "$TMP/layer$i.png")
  fx='format=rgba'
  ((i > 1)) && fx+=",fade=t=in:st=0:d=$FADE_S:alpha=1"                  # first slide = poster, no fade-in
  ((i < n)) && fx+=",fade=t=out:st=$(awk -v d="$d" -v f="$FADE_S" 'BEGIN{printf "%.6f", d - f}'):d=$FADE_S:alpha=1"
  fx+=",setpts=PTS-STARTPTS+floor($(secs "$start")/TB+0.5)"
  graph+="[$i:v]$fx[l$i];[$prev][l$i]overlay=eof_action=pass:format=auto[v$i];"
  prev="v$i"
done
# BT.709 matrix explicitly, and tag it, so browsers don't shift the purples.
graph+="[$prev]scale=out_color_matrix=bt709:out_range=tv,format=yuv420p,split[vw][vm];"
graph+="[$((n + 1)):a]asplit[aw][am]"
color_tags=(-colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv)

ffmpeg -nostdin -v error -y "${inputs[@]}" -f s16le -ar "$RATE" -ac 1 -i "$TMP/narration.raw" \
  -filter_complex "$graph" \
  -map '[vw]' -map '[aw]' -t "$(secs "$total")" -r "$FPS" \
    -c:v libvpx-vp9 -crf "$VP9_CRF" -b:v 0 -deadline good -cpu-used 2 -row-mt 1 -g "$GOP" "${color_tags[@]}" \
    -c:a libopus -b:a "${OPUS_KBPS}k" -ar 48000 -ac 1 \
    -map_metadata -1 -fflags +bitexact "$TMP/explainer.webm" \
  -map '[vm]' -map '[am]' -t "$(secs "$total")" -r "$FPS" \
    -c:v libx264 -preset slow -tune stillimage -crf "$X264_CRF" -profile:v high -g "$GOP" "${color_tags[@]}" \
    -c:a aac -b:a "${AAC_KBPS}k" -ar 44100 -ac 1 \
    -movflags +faststart -map_metadata -1 -fflags +bitexact "$TMP/explainer.mp4"

# Poster = first slide, which is also the video's first frame.
convert "$TMP/slide1.png" -strip -quality 78 -define webp:method=6 "$TMP/explainer-poster.webp"

# ---- publish ----------------------------------------------------------------
mkdir -p "$OUT_DIR"
for f in explainer.webm explainer.mp4 explainer.en.vtt explainer-poster.webp; do
  mv -f "$TMP/$f" "$OUT_DIR/$f"
done
if [[ -n $KEEP_SLIDES ]]; then
  mkdir -p "$KEEP_SLIDES"; cp "$TMP"/slide*.png "$KEEP_SLIDES/"
fi
ls -l "$OUT_DIR"
