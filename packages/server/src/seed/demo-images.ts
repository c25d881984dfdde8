/**
 * Procedural, self-contained SVG illustrations for the demo store.
 *
 * Everything is drawn from code so the demo catalog needs no network access and no binary assets.
 * The documents contain no scripts and no external references (only `url(#id)` refs to their own defs).
 */

export const productArts = [
  'tshirt',
  'hoodie',
  'sweater',
  'jacket',
  'sneaker',
  'boot',
  'cap',
  'beanie',
  'socks',
  'scarf',
  'mug',
  'bowl',
  'backpack',
  'tote',
  'wallet',
  'lamp',
  'chair',
  'plant',
  'blanket',
  'candle',
  'dispenser',
  'headphones',
  'notebook',
  'watch',
  'sunglasses',
  'bottle',
  'tent',
  'coffee',
  'poster',
  'vinyl',
  'ebook',
  'preset',
  'wallpaper',
  'giftbox',
  'giftcard',
] as const;

export type ProductArt = (typeof productArts)[number];

export interface ProductImageSpec {
  kind: ProductArt;
  color: string;
  accent?: string;
  label?: string;
}

// ---------------------------------------------------------------------------------------------------------------------
// colour helpers

type Rgb = [number, number, number];

function parseHex(input: string): Rgb {
  let h = input.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(h)) h = [...h].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(h)) return [128, 128, 128];
  const n = Number.parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Linear mix of two hex colours: t = 0 gives `a`, t = 1 gives `b`. Always returns a normalised `#rrggbb`. */
export function mixColor(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const shade = (c: string, t: number) => mixColor(c, '#000000', t);
const tint = (c: string, t: number) => mixColor(c, '#ffffff', t);

function luminance(c: string): number {
  const [r, g, b] = parseHex(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const inkFor = (c: string) => (luminance(c) > 0.62 ? '#1f2937' : '#ffffff');

// ---------------------------------------------------------------------------------------------------------------------
// svg helpers

const FONT = `font-family="Inter,'Helvetica Neue',Arial,sans-serif"`;

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Mirrors an absolute path (pairs of `x y` only) around the vertical centre line of the 800-wide canvas. */
function mirror(d: string): string {
  return d.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) => `${800 - Number(x)} ${y}`);
}

const p = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const line = (d: string, stroke: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}"${extra.includes('stroke-linecap') ? '' : ' stroke-linecap="round"'}${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${extra}/>`;

function fitSize(s: string, maxWidth: number, maxSize: number): number {
  return Math.max(12, Math.min(maxSize, Math.floor(maxWidth / (Math.max(1, s.length) * 0.62))));
}

function text(x: number, y: number, s: string, size: number, fill: string, extra = ''): string {
  return `<text x="${x}" y="${y}" ${FONT} font-size="${size}" font-weight="700" text-anchor="middle" fill="${fill}"${extra}>${esc(s)}</text>`;
}

/** Greedy word wrap into at most `maxLines` lines of roughly `width` characters. */
function wrap(s: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of s.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= width) lines[lines.length - 1] = last + ' ' + word;
    else lines.push(word);
  }
  return lines.slice(0, maxLines);
}

// ---------------------------------------------------------------------------------------------------------------------
// product art

interface Ctx {
  /** main colour */
  c: string;
  /** lighter / darker / much darker variants */
  l: string;
  d: string;
  dd: string;
  /** accent colour (if the caller gave one) */
  a: string | undefined;
  /** readable text colour on top of `c` */
  ink: string;
  label: string | undefined;
  /** stroke attributes that give shapes a soft edge */
  edge: string;
}

interface Art {
  body: string;
  /** floor shadow: cx, cy, rx (omit when the art draws its own) */
  shadow?: [number, number, number];
  defs?: string;
}

const M = 'url(#m)';

function longSleeveBody(x: Ctx, neck: string): string {
  return p(
    'M300 206 L214 236 Q170 252 162 300 L128 590 Q126 604 140 606 L196 612 Q210 614 212 600 L240 380 L244 632 ' +
      'Q244 650 262 650 L538 650 Q556 650 556 632 L560 380 L588 600 Q590 614 604 612 L660 606 Q674 604 672 590 ' +
      `L638 300 Q630 252 586 236 L500 206 ${neck} Z`,
    M,
    x.edge,
  );
}

function cuffsAndHem(x: Ctx, rib: boolean): string {
  const cuff = 'M132 556 L215 566 L212 600 Q210 614 196 612 L140 606 Q126 604 128 590 Z';
  const ribs = rib ? ` stroke="${x.dd}" stroke-width="1" stroke-opacity=".15"` : '';
  let out = p(cuff, x.d, ribs) + p(mirror(cuff), x.d, ribs);
  out += p('M243 606 L557 606 L556 632 Q556 650 538 650 L262 650 Q244 650 244 632 Z', x.d);
  if (rib) {
    out += line('M250 628 L550 628', x.dd, 40, ' stroke-linecap="butt" stroke-dasharray="3 9" opacity=".35"');
  }
  return out;
}

function sock(x: Ctx, main: string, cuff: string, acc: string): string {
  return (
    p(
      'M320 160 L456 160 L456 440 Q456 466 478 480 L584 548 Q636 584 604 632 Q574 674 522 646 L362 548 Q320 520 320 470 Z',
      main,
      x.edge,
    ) +
    p('M320 160 L456 160 L456 236 L320 236 Z', cuff) +
    line('M320 198 L456 198', x.dd, 70, ' stroke-linecap="butt" stroke-dasharray="3 8" opacity=".25"') +
    rect(320, 268, 136, 18, 0, acc) +
    rect(320, 302, 136, 18, 0, acc) +
    p('M320 430 L320 470 Q320 520 362 548 L398 570 Q420 500 376 452 Q352 432 320 430 Z', acc) +
    p('M548 526 L584 548 Q636 584 604 632 Q574 674 522 646 L500 632 Q552 600 548 526 Z', acc)
  );
}

const arts: Record<ProductArt, (x: Ctx) => Art> = {
  tshirt: (x) => ({
    shadow: [400, 664, 220],
    body:
      p(
        'M318 196 L206 240 Q186 248 178 268 L140 362 Q136 374 148 379 L222 408 Q234 412 238 400 L262 346 L262 624 ' +
          'Q262 640 278 640 L522 640 Q538 640 538 624 L538 346 L562 400 Q566 412 578 408 L652 379 Q664 374 660 362 ' +
          'L622 268 Q614 248 594 240 L482 196 Q400 262 318 196 Z',
        M,
        x.edge,
      ) +
      p('M336 200 Q400 238 464 200 Q400 216 336 200 Z', x.dd, ' opacity=".6"') +
      line('M318 196 Q400 262 482 196', x.d, 14) +
      line('M156 352 L230 382 M644 352 L570 382', x.d, 5, ' opacity=".7"') +
      p('M262 346 L262 624 Q262 640 278 640 L300 640 L300 380 Z', '#000', ' opacity=".05"') +
      (x.label ? text(400, 450, x.label, fitSize(x.label, 230, 44), x.a ?? x.ink, ' letter-spacing="2"') : ''),
  }),

  hoodie: (x) => ({
    shadow: [400, 674, 250],
    body:
      p('M292 236 Q284 126 400 116 Q516 126 508 236 Z', x.d) +
      longSleeveBody(x, 'L300 206') +
      p('M286 236 Q276 132 400 124 Q524 132 514 236 Q470 300 400 306 Q330 300 286 236 Z', M, x.edge) +
      p('M330 226 Q332 164 400 160 Q468 164 470 226 Q450 270 400 276 Q350 270 330 226 Z', x.dd) +
      line('M374 290 L368 384 M426 290 L432 384', x.a ?? tint(x.c, 0.7), 7) +
      circle(368, 388, 8, x.a ?? tint(x.c, 0.7)) +
      circle(432, 388, 8, x.a ?? tint(x.c, 0.7)) +
      p(
        'M300 470 L500 470 L540 584 L260 584 Z',
        shade(x.c, 0.08),
        ` stroke="${x.d}" stroke-width="4" stroke-linejoin="round"`,
      ) +
      line('M300 470 L268 560 M500 470 L532 560', x.dd, 4, ' opacity=".5"') +
      cuffsAndHem(x, true),
  }),

  sweater: (x) => {
    let cable = '';
    for (const cx of [340, 460]) {
      let d = `M${cx} 300`;
      for (let y = 300; y < 590; y += 40) d += ` Q${cx + 22} ${y + 20} ${cx} ${y + 40}`;
      let e = `M${cx} 300`;
      for (let y = 300; y < 590; y += 40) e += ` Q${cx - 22} ${y + 20} ${cx} ${y + 40}`;
      cable += line(d, x.dd, 6, ' opacity=".22"') + line(e, x.dd, 6, ' opacity=".22"');
    }
    return {
      shadow: [400, 674, 250],
      body:
        longSleeveBody(x, 'Q400 266 300 206') +
        line('M300 206 Q400 266 500 206', x.d, 24) +
        line('M300 206 Q400 266 500 206', x.dd, 22, ' stroke-dasharray="2 7" opacity=".3"') +
        cable +
        cuffsAndHem(x, true),
    };
  },

  jacket: (x) => {
    const pocket = 'M276 330 L368 330 L368 420 Q368 430 358 430 L286 430 Q276 430 276 420 Z';
    const flap = 'M272 322 L372 322 L372 350 L272 350 Z';
    const collar = 'M300 206 L400 262 L356 312 L280 236 Z';
    const acc = x.a ?? tint(x.c, 0.55);
    let snaps = '';
    for (const y of [320, 400, 480, 560]) snaps += circle(412, y, 8, acc);
    return {
      shadow: [400, 674, 250],
      body:
        longSleeveBody(x, 'L400 262') +
        p('M330 200 Q400 176 470 200 L400 262 Z', x.dd) +
        p(pocket, x.d) +
        p(mirror(pocket), x.d) +
        p(flap, x.dd, ' opacity=".55"') +
        p(mirror(flap), x.dd, ' opacity=".55"') +
        line('M400 262 L400 648', x.dd, 5) +
        snaps +
        p(collar, x.d, x.edge) +
        p(mirror(collar), x.d, x.edge) +
        p('M132 556 L215 566 L212 600 Q210 614 196 612 L140 606 Q126 604 128 590 Z', x.d) +
        p(mirror('M132 556 L215 566 L212 600 Q210 614 196 612 L140 606 Q126 604 128 590 Z'), x.d),
    };
  },

  sneaker: (x) => {
    const acc = x.a ?? (luminance(x.c) > 0.7 ? '#1f2937' : '#f8fafc');
    return {
      shadow: [410, 584, 300],
      body:
        p(
          'M120 512 L688 512 Q712 514 708 540 Q704 568 672 570 L150 570 Q118 568 120 540 Z',
          '#f8fafc',
          ' stroke="#d6d3d1" stroke-width="4"',
        ) +
        p('M124 552 L706 552 Q700 568 672 570 L150 570 Q128 568 124 552 Z', '#d6d3d1') +
        p(
          'M132 512 L140 390 Q146 350 190 352 L300 362 Q320 300 372 296 L430 296 Q446 350 520 394 L640 440 Q694 460 690 512 Z',
          M,
          x.edge,
        ) +
        p('M300 362 Q320 300 372 296 L430 296 Q400 334 306 370 Z', x.dd) +
        p('M132 512 L140 390 Q146 350 190 352 L214 355 Q196 440 214 512 Z', x.d) +
        p('M600 425 Q690 452 690 512 L596 512 Q580 470 600 425 Z', tint(x.c, 0.3), ' opacity=".9"') +
        p('M236 498 Q420 494 560 420 L588 432 Q450 512 236 512 Z', acc) +
        line('M446 342 L418 370 M470 360 L442 390 M494 376 L466 406 M518 390 L490 420', acc, 9) +
        line('M128 532 L704 532', '#e7e5e4', 4),
    };
  },

  boot: (x) => ({
    shadow: [450, 630, 260],
    body:
      p('M250 180 L236 130 Q236 118 248 118 L272 120 Q282 122 280 134 L276 180 Z', x.dd) +
      p(
        'M250 180 L420 180 Q432 180 432 192 L440 420 Q446 462 494 474 L616 500 Q666 512 668 560 L668 584 L236 584 L236 520 Q244 360 250 180 Z',
        M,
        x.edge,
      ) +
      p('M330 184 L400 184 L402 380 Q366 424 330 380 Z', shade(x.c, 0.32)) +
      line('M338 200 L338 372 M352 200 L352 390 M366 200 L366 394 M380 200 L380 390 M394 200 L394 376', x.dd, 2) +
      line('M246 572 L660 572', tint(x.c, 0.45), 3, ' stroke-dasharray="10 8"') +
      p('M228 584 L672 584 Q680 584 680 596 L680 608 Q680 620 668 620 L240 620 Q228 620 228 608 Z', '#3f3f46') +
      rect(232, 600, 100, 30, 6, '#27272a'),
  }),

  cap: (x) => ({
    shadow: [400, 566, 230],
    body:
      p('M210 470 Q206 262 400 246 Q594 262 590 470 Z', M, x.edge) +
      line('M400 250 Q340 330 318 470 M400 250 Q460 330 482 470', x.d, 4) +
      circle(400, 250, 14, x.d) +
      circle(300, 330, 6, x.dd) +
      circle(500, 330, 6, x.dd) +
      p(
        'M196 464 Q400 430 604 464 Q676 490 640 530 Q600 556 560 544 Q400 504 240 544 Q200 556 160 530 Q124 490 196 464 Z',
        x.d,
        ` stroke="${x.dd}" stroke-width="4"`,
      ) +
      (x.label
        ? rect(340, 352, 120, 70, 14, x.a ?? tint(x.c, 0.8)) +
          text(400, 400, x.label, fitSize(x.label, 100, 34), x.a ? inkFor(x.a) : x.dd)
        : ''),
  }),

  beanie: (x) => {
    let ribs = '';
    for (let cx = 260; cx <= 540; cx += 35) ribs += line(`M400 256 Q${400 + (cx - 400) * 1.15} 310 ${cx} 490`, x.d, 4);
    return {
      shadow: [400, 604, 220],
      body:
        p('M236 500 Q226 256 400 244 Q574 256 564 500 Z', M, x.edge) +
        `<g opacity=".45">${ribs}</g>` +
        rect(204, 470, 392, 120, 18, x.d) +
        line('M210 530 L590 530', x.dd, 116, ' stroke-linecap="butt" stroke-dasharray="6 12" opacity=".35"') +
        circle(400, 226, 62, x.a ?? tint(x.c, 0.25)) +
        circle(380, 206, 22, '#fff', ' opacity=".18"') +
        (x.label ? rect(356, 508, 88, 44, 6, '#f5f5f4') + text(400, 538, x.label, 20, '#1f2937') : ''),
    };
  },

  socks: (x) => {
    const acc = x.a ?? tint(x.c, 0.6);
    return {
      shadow: [400, 664, 240],
      body: `<g transform="translate(-110 30)">${sock(x, x.d, x.dd, shade(acc, 0.15))}</g>` + sock(x, M, x.d, acc),
    };
  },

  scarf: (x) => {
    const acc = x.a ?? tint(x.c, 0.6);
    return {
      shadow: [420, 650, 200],
      body:
        `<ellipse cx="400" cy="290" rx="160" ry="84" fill="none" stroke="${x.d}" stroke-width="70"/>` +
        `<ellipse cx="400" cy="290" rx="160" ry="84" fill="none" stroke="${x.c}" stroke-width="58" opacity=".6"/>` +
        p('M330 330 L410 340 L400 612 L320 602 Z', M, x.edge) +
        p('M420 338 L496 326 L520 582 L444 592 Z', x.c, x.edge) +
        p('M322 540 L402 550 L401 570 L321 560 Z', acc) +
        p('M444 528 L515 518 L517 538 L446 548 Z', acc) +
        line('M322 614 L402 624', x.c, 30, ' stroke-linecap="butt" stroke-dasharray="4 7"') +
        line('M446 604 L520 594', x.c, 30, ' stroke-linecap="butt" stroke-dasharray="4 7"') +
        `<ellipse cx="412" cy="344" rx="50" ry="38" fill="${x.d}"/>`,
    };
  },

  mug: (x) => ({
    shadow: [400, 636, 210],
    body:
      line('M500 350 Q604 346 604 440 Q604 534 500 530', x.d, 38) +
      p('M250 290 L510 290 L510 560 Q510 620 450 620 L310 620 Q250 620 250 560 Z', M, x.edge) +
      `<ellipse cx="380" cy="290" rx="130" ry="28" fill="${x.l}" stroke="${x.a ?? x.d}" stroke-width="${x.a ? 10 : 4}"/>` +
      `<ellipse cx="380" cy="294" rx="112" ry="19" fill="#5b3a24"/>` +
      rect(272, 322, 22, 236, 11, '#fff', ' opacity=".22"') +
      line(
        'M340 236 Q322 200 340 170 Q358 140 340 108 M400 230 Q382 196 400 164 Q418 134 400 100',
        x.d,
        9,
        ' opacity=".3"',
      ) +
      (x.label ? text(380, 470, x.label, fitSize(x.label, 200, 36), x.a ?? x.ink) : ''),
  }),

  bowl: (x) => ({
    shadow: [400, 632, 220],
    body:
      p('M320 600 L480 600 L470 628 L330 628 Z', x.d) +
      p('M180 400 Q190 600 400 610 Q610 600 620 400 Z', M, x.edge) +
      `<ellipse cx="400" cy="400" rx="220" ry="50" fill="${x.l}" stroke="${x.d}" stroke-width="5"/>` +
      `<ellipse cx="400" cy="406" rx="196" ry="38" fill="${shade(x.c, 0.12)}"/>` +
      line('M190 466 Q400 548 610 466', x.a ?? x.dd, 10, ' opacity=".8"') +
      line('M200 500 Q400 574 600 500', x.a ?? x.dd, 4, ' opacity=".6"'),
  }),

  backpack: (x) => {
    const acc = x.a ?? '#c8a165';
    return {
      shadow: [400, 656, 210],
      body:
        line('M350 222 Q350 160 400 160 Q450 160 450 222', x.dd, 18) +
        line('M252 320 L226 332 L226 560 L252 572 M548 320 L574 332 L574 560 L548 572', x.dd, 16) +
        p(
          'M250 300 Q250 216 334 216 L466 216 Q550 216 550 300 L550 600 Q550 640 510 640 L290 640 Q250 640 250 600 Z',
          M,
          x.edge,
        ) +
        p('M250 300 Q250 216 334 216 L466 216 Q550 216 550 300 L550 366 Q400 396 250 366 Z', x.d) +
        p(
          'M290 440 L510 440 Q530 440 530 460 L530 590 Q530 620 500 620 L300 620 Q270 620 270 590 L270 460 Q270 440 290 440 Z',
          shade(x.c, 0.1),
          ` stroke="${x.d}" stroke-width="4"`,
        ) +
        line('M296 474 L504 474', x.dd, 5) +
        rect(466, 470, 16, 34, 5, acc) +
        line('M330 330 L330 426 M470 330 L470 426', x.dd, 20, ' stroke-linecap="butt"') +
        rect(316, 398, 28, 22, 4, acc) +
        rect(456, 398, 28, 22, 4, acc) +
        rect(370, 300, 60, 34, 6, acc, ' opacity=".9"'),
    };
  },

  tote: (x) => ({
    shadow: [400, 660, 220],
    body:
      line('M320 334 Q320 196 400 196 Q480 196 480 334', x.d, 22) +
      p('M230 330 L570 330 L590 630 Q592 646 576 646 L224 646 Q208 646 210 630 Z', M, x.edge) +
      line('M320 332 L320 430 M480 332 L480 430', x.d, 22, ' stroke-linecap="butt"') +
      line('M320 352 L320 420 M480 352 L480 420', x.dd, 2, ' stroke-dasharray="6 6" opacity=".6"') +
      p('M215 570 L585 570 L590 630 Q592 646 576 646 L224 646 Q208 646 210 630 Z', x.a ?? x.d, ' opacity=".9"') +
      (x.label ? text(400, 510, x.label, fitSize(x.label, 280, 40), x.dd, ' letter-spacing="3"') : ''),
  }),

  wallet: (x) => ({
    shadow: [400, 570, 220],
    body:
      rect(210, 300, 380, 250, 30, M, x.edge) +
      rect(258, 350, 200, 120, 10, x.a ?? '#e9d8a6', ' transform="rotate(-6 358 410)"') +
      rect(330, 340, 200, 120, 10, tint(x.c, 0.6), ' transform="rotate(4 430 400)"') +
      p('M210 420 L590 420 L590 520 Q590 550 560 550 L240 550 Q210 550 210 520 Z', x.d) +
      rect(226, 316, 348, 218, 20, 'none', ` stroke="${x.l}" stroke-width="3" stroke-dasharray="10 8" opacity=".8"`) +
      (x.label ? text(400, 500, x.label, fitSize(x.label, 200, 30), x.dd, ' letter-spacing="4"') : ''),
  }),

  lamp: (x) => {
    const metal = x.a ?? '#c8a165';
    return {
      shadow: [400, 642, 170],
      defs:
        '<radialGradient id="glow"><stop offset="0" stop-color="#fde68a" stop-opacity=".75"/>' +
        '<stop offset="1" stop-color="#fde68a" stop-opacity="0"/></radialGradient>',
      body:
        `<ellipse cx="400" cy="500" rx="230" ry="110" fill="url(#glow)"/>` +
        rect(392, 420, 16, 172, 6, metal) +
        p('M300 612 Q300 584 400 584 Q500 584 500 612 L500 618 Q500 632 486 632 L314 632 Q300 632 300 618 Z', metal) +
        p('M290 430 L510 430 L466 220 L334 220 Z', M, x.edge) +
        `<ellipse cx="400" cy="430" rx="110" ry="18" fill="${x.d}"/>` +
        `<ellipse cx="400" cy="433" rx="94" ry="11" fill="#fff7d6"/>` +
        `<ellipse cx="400" cy="220" rx="66" ry="10" fill="${x.l}"/>` +
        p('M334 220 L350 220 L306 430 L290 430 Z', '#fff', ' opacity=".18"'),
    };
  },

  chair: (x) => {
    const wood = x.a ?? '#b7793f';
    return {
      shadow: [400, 690, 210],
      body:
        line('M340 500 L350 660 M460 500 L450 660', shade(wood, 0.25), 14) +
        p('M270 260 Q270 170 400 170 Q530 170 530 260 L520 430 Q400 450 280 430 Z', M, x.edge) +
        circle(350, 280, 6, x.dd, ' opacity=".5"') +
        circle(450, 280, 6, x.dd, ' opacity=".5"') +
        circle(400, 340, 6, x.dd, ' opacity=".5"') +
        line('M300 500 L262 680 M500 500 L538 680', wood, 18) +
        p('M240 470 Q240 510 400 514 Q560 510 560 470 L560 490 Q560 534 400 536 Q240 534 240 490 Z', x.d) +
        p('M240 470 Q240 430 400 428 Q560 430 560 470 Q560 510 400 514 Q240 510 240 470 Z', x.l, x.edge),
    };
  },

  plant: (x) => {
    const leaves: Array<[number, number, string]> = [
      [-62, 150, '#4d7c57'],
      [62, 150, '#4d7c57'],
      [-34, 200, '#5f9468'],
      [34, 200, '#5f9468'],
      [-10, 230, '#3f6b4a'],
      [14, 190, '#6aa574'],
    ];
    let body = '';
    for (const [r, len, fill] of leaves) {
      body +=
        `<g transform="translate(400 440) rotate(${r})">` +
        p(`M0 0 Q${len * 0.32} ${-len * 0.45} 0 ${-len} Q${-len * 0.32} ${-len * 0.45} 0 0 Z`, fill) +
        line(`M0 -6 L0 ${-len + 12}`, '#2f5238', 3, ' opacity=".5"') +
        '</g>';
    }
    const acc = x.a ?? tint(x.c, 0.5);
    return {
      shadow: [400, 660, 170],
      body:
        body +
        p('M290 440 L510 440 L482 630 Q480 646 464 646 L336 646 Q320 646 318 630 Z', M, x.edge) +
        rect(268, 420, 264, 52, 8, x.d) +
        line('M300 530 Q330 510 360 530 Q390 550 420 530 Q450 510 480 530 Q495 540 505 535', acc, 6, ' opacity=".8"'),
    };
  },

  blanket: (x) => {
    const acc = x.a ?? tint(x.c, 0.55);
    let layers = '';
    const ys = [550, 480, 410, 340];
    ys.forEach((y, i) => {
      layers += rect(200, y, 400, 76, 36, i % 2 ? x.c : x.l, x.edge);
      layers += line(`M236 ${y + 38} L564 ${y + 38}`, x.d, 2, ' opacity=".35"');
    });
    return {
      shadow: [400, 640, 240],
      body:
        layers +
        line('M290 344 L290 622 M510 344 L510 622', acc, 14, ' stroke-linecap="butt" opacity=".6"') +
        line('M200 390 L200 574', x.d, 14, ' stroke-linecap="butt" stroke-dasharray="3 6"'),
    };
  },

  candle: (x) => ({
    shadow: [400, 644, 160],
    defs:
      '<linearGradient id="flame" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fde047"/>' +
      '<stop offset="1" stop-color="#f97316"/></linearGradient>',
    body:
      circle(400, 290, 74, '#fde68a', ' opacity=".35"') +
      p('M290 330 L510 330 L510 600 Q510 630 480 630 L320 630 Q290 630 290 600 Z', M, x.edge) +
      `<ellipse cx="400" cy="330" rx="110" ry="20" fill="${x.l}" stroke="${x.d}" stroke-width="4"/>` +
      `<ellipse cx="400" cy="348" rx="98" ry="15" fill="#f5efe3"/>` +
      line('M400 348 L400 316', '#3f3f46', 5) +
      p('M400 226 Q436 280 422 304 Q412 320 400 320 Q388 320 378 304 Q364 280 400 226 Z', 'url(#flame)') +
      rect(306, 364, 14, 230, 7, '#fff', ' opacity=".25"') +
      rect(318, 430, 164, 118, 8, x.a ?? '#fbf7ef') +
      line('M350 512 L450 512', '#1f2937', 2, ' opacity=".5"') +
      (x.label
        ? wrap(x.label, 12, 2)
            .map((l, i) => text(400, 476 + i * 26, l, 20, '#1f2937', ' letter-spacing="1"'))
            .join('')
        : ''),
  }),

  dispenser: (x) => {
    const dark = x.a ?? '#27272a';
    return {
      shadow: [400, 652, 150],
      body:
        p(
          'M376 186 L470 186 Q486 186 486 200 L486 214 L460 214 L460 206 L376 206 Q366 206 366 196 Q366 186 376 186 Z',
          dark,
        ) +
        rect(388, 204, 24, 64, 4, dark) +
        rect(364, 262, 72, 44, 8, dark) +
        p(
          'M300 330 Q300 300 330 300 L470 300 Q500 300 500 330 L500 610 Q500 640 470 640 L330 640 Q300 640 300 610 Z',
          M,
          x.edge,
        ) +
        rect(318, 320, 16, 290, 8, '#fff', ' opacity=".22"') +
        rect(334, 400, 132, 170, 10, '#fbf7ef') +
        line('M360 530 L440 530 M370 548 L430 548', '#1f2937', 3, ' opacity=".45"') +
        (x.label
          ? wrap(x.label, 9, 2)
              .map((l, i) => text(400, 456 + i * 30, l, 22, '#1f2937'))
              .join('')
          : ''),
    };
  },

  headphones: (x) => {
    const cup = 'M250 420 Q300 420 300 470 L300 550 Q300 600 250 600 Q200 600 200 550 L200 470 Q200 420 250 420 Z';
    return {
      shadow: [400, 636, 220],
      body:
        line('M252 430 Q240 190 400 186 Q560 190 548 430', x.d, 34) +
        line('M316 232 Q400 200 484 232', x.a ?? x.dd, 24) +
        rect(238, 380, 28, 70, 8, '#d4d4d8') +
        rect(534, 380, 28, 70, 8, '#d4d4d8') +
        rect(290, 436, 36, 148, 18, x.dd) +
        rect(474, 436, 36, 148, 18, x.dd) +
        p(cup, M, x.edge) +
        p(mirror(cup), M, x.edge) +
        `<ellipse cx="250" cy="510" rx="26" ry="42" fill="none" stroke="${x.l}" stroke-width="4" opacity=".7"/>` +
        `<ellipse cx="550" cy="510" rx="26" ry="42" fill="none" stroke="${x.l}" stroke-width="4" opacity=".7"/>`,
    };
  },

  notebook: (x) => ({
    shadow: [400, 656, 180],
    body:
      rect(262, 176, 300, 460, 18, '#f5f0e6', ' stroke="#e0d8c8" stroke-width="3"') +
      line('M552 196 L552 618 M558 200 L558 612', '#d6cfc0', 2) +
      rect(240, 164, 300, 460, 18, M, x.edge) +
      rect(240, 164, 36, 460, 0, x.dd, ' opacity=".25"') +
      rect(490, 164, 14, 460, 0, x.a ?? '#1f2937') +
      p('M420 620 L420 682 L432 670 L444 682 L444 620 Z', x.a ?? '#dc2626') +
      rect(310, 260, 160, 76, 8, '#fff', ' opacity=".88"') +
      (x.label
        ? text(390, 308, x.label, fitSize(x.label, 140, 28), '#1f2937', ' letter-spacing="2"')
        : line('M330 290 L450 290 M330 310 L420 310', '#1f2937', 3, ' opacity=".4"')),
  }),

  watch: (x) => {
    const metal = x.a ?? '#d4d4d8';
    let ticks = '';
    for (let i = 0; i < 12; i++) {
      const ang = (i * Math.PI) / 6;
      const big = i % 3 === 0;
      const r1 = big ? 84 : 92;
      const f = (r: number, fn: (n: number) => number) => Math.round((400 + r * fn(ang)) * 10) / 10;
      ticks += line(
        `M${f(r1, Math.sin)} ${f(-r1, Math.cos)} L${f(104, Math.sin)} ${f(-104, Math.cos)}`,
        '#1f2937',
        big ? 7 : 3,
      );
    }
    return {
      shadow: [400, 664, 120],
      defs:
        `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(metal, 0.5)}"/>` +
        `<stop offset="1" stop-color="${shade(metal, 0.3)}"/></linearGradient>`,
      body:
        p('M352 150 L448 150 Q460 150 460 162 L456 300 L344 300 L340 162 Q340 150 352 150 Z', M, x.edge) +
        p('M344 500 L456 500 L460 638 Q460 650 448 650 L352 650 Q340 650 340 638 Z', M, x.edge) +
        circle(400, 566, 6, x.dd) +
        circle(400, 596, 6, x.dd) +
        circle(400, 626, 6, x.dd) +
        rect(334, 530, 132, 18, 6, x.d) +
        rect(526, 382, 26, 36, 6, 'url(#metal)') +
        circle(400, 400, 134, 'url(#metal)') +
        circle(400, 400, 112, '#f8f7f4') +
        ticks +
        line('M400 400 L448 350', '#1f2937', 8) +
        line('M400 400 L400 312', '#1f2937', 5) +
        line('M400 420 L352 470', '#dc2626', 2) +
        circle(400, 400, 8, '#1f2937') +
        (x.label ? text(400, 456, x.label, 13, '#52525b', ' letter-spacing="2"') : ''),
    };
  },

  sunglasses: (x) => {
    const lens =
      'M170 360 Q170 340 190 340 L360 340 Q380 340 378 362 L366 450 Q358 500 300 500 L250 500 Q196 500 184 450 Z';
    const shine = 'M214 356 L262 356 L212 476 Q196 460 194 430 Z';
    return {
      shadow: [400, 560, 250],
      defs:
        '<linearGradient id="lens" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#374151"/>' +
        '<stop offset="1" stop-color="#0f172a"/></linearGradient>',
      body:
        line('M172 364 L128 352 M628 364 L672 352', x.d, 16) +
        p(lens, 'url(#lens)', ` stroke="${x.c}" stroke-width="22" stroke-linejoin="round"`) +
        p(mirror(lens), 'url(#lens)', ` stroke="${x.c}" stroke-width="22" stroke-linejoin="round"`) +
        p(shine, '#fff', ' opacity=".16"') +
        `<g transform="translate(260 0)">${p(shine, '#fff', ' opacity=".16"')}</g>` +
        line('M378 372 Q400 352 422 372', x.c, 16) +
        line('M186 344 L364 344 M436 344 L614 344', x.l, 4, ' opacity=".6"') +
        (x.a ? line('M190 352 L350 352 M450 352 L610 352', x.a, 6, ' stroke-dasharray="8 14" opacity=".55"') : ''),
    };
  },

  bottle: (x) => {
    const cap = x.a ?? '#27272a';
    return {
      shadow: [400, 664, 120],
      body:
        line('M372 190 Q372 140 400 140 Q428 140 428 190', cap, 14) +
        rect(352, 176, 96, 84, 18, cap) +
        p(
          'M320 310 Q320 262 370 252 L430 252 Q480 262 480 310 L480 610 Q480 650 440 650 L360 650 Q320 650 320 610 Z',
          M,
          x.edge,
        ) +
        rect(344, 240, 112, 22, 8, shade(cap, 0.2)) +
        rect(342, 310, 16, 300, 8, '#fff', ' opacity=".28"') +
        circle(400, 420, 26, 'none', ` stroke="${tint(x.c, 0.6)}" stroke-width="5"`) +
        p('M388 428 L400 404 L412 428 Z', tint(x.c, 0.6)) +
        (x.label ? text(400, 490, x.label, fitSize(x.label, 130, 26), tint(x.c, 0.7), ' letter-spacing="2"') : ''),
    };
  },

  tent: (x) => ({
    shadow: [420, 612, 300],
    body:
      line('M300 410 L140 606 M500 410 L700 600', '#a8a29e', 3) +
      p('M400 220 L620 600 L690 590 L476 232 Z', x.d, x.edge) +
      p('M180 600 L400 220 L620 600 Z', M, x.edge) +
      p('M400 330 L316 600 L484 600 Z', x.dd) +
      p('M400 330 L484 600 L530 600 Z', x.l) +
      line('M392 206 L408 236', '#52525b', 6) +
      p('M400 222 L400 160 L446 176 L400 192', x.a ?? '#f59e0b') +
      line('M400 222 L400 160', '#52525b', 4),
  }),

  coffee: (x) => {
    const labelBg = x.a ?? '#fbf7ef';
    return {
      shadow: [400, 654, 150],
      body:
        p('M292 236 L508 236 L528 618 Q530 640 508 640 L292 640 Q270 640 272 618 Z', M, x.edge) +
        rect(282, 196, 236, 52, 8, x.d) +
        line('M282 198 L518 198', x.dd, 6, ' stroke-linecap="butt" stroke-dasharray="6 6"') +
        rect(270, 222, 260, 10, 5, '#a8a29e') +
        circle(400, 290, 12, x.dd, ' opacity=".6"') +
        rect(306, 340, 188, 214, 12, labelBg) +
        `<ellipse cx="400" cy="400" rx="24" ry="34" fill="${x.c}" transform="rotate(-25 400 400)"/>` +
        line('M392 372 Q414 400 404 428', labelBg, 5) +
        (x.label
          ? wrap(x.label, 10, 2)
              .map((l, i) => text(400, 470 + i * 30, l, fitSize(l, 160, 28), inkFor(labelBg), ' letter-spacing="1"'))
              .join('')
          : '') +
        line('M350 528 L450 528', inkFor(labelBg), 2, ' opacity=".4"'),
    };
  },

  poster: (x) => {
    const frame = x.a ?? '#2d2a26';
    return {
      body:
        line('M300 132 L400 84 L500 132', '#a8a29e', 3) +
        circle(400, 84, 7, '#78716c') +
        rect(244, 148, 340, 480, 6, '#000', ' opacity=".16" filter="url(#blur)"') +
        rect(230, 130, 340, 480, 6, frame) +
        rect(248, 148, 304, 444, 2, '#fbf8f2') +
        rect(280, 180, 240, 320, 0, tint(x.c, 0.6)) +
        circle(400, 300, 50, x.a ? tint(x.a, 0.2) : '#f59e0b') +
        p('M280 500 L280 420 L350 340 L410 420 L460 370 L520 440 L520 500 Z', x.c) +
        p('M280 500 L280 462 L370 410 L450 470 L520 430 L520 500 Z', x.d) +
        (x.label ? text(400, 548, x.label, fitSize(x.label, 220, 22), '#1f2937', ' letter-spacing="4"') : ''),
    };
  },

  vinyl: (x) => {
    const acc = x.a ?? '#f59e0b';
    let grooves = '';
    for (const r of [182, 162, 142, 122, 102])
      grooves += circle(520, 400, r, 'none', ' stroke="#2f2f35" stroke-width="3"');
    let stripes = '';
    for (let i = 0; i < 4; i++) stripes += rect(240, 384 + i * 24, 240, 8 + i * 2, 0, x.c);
    return {
      shadow: [440, 632, 270],
      body:
        circle(520, 400, 200, '#18181b') +
        grooves +
        p(
          'M520 220 Q640 230 690 330',
          'none',
          ' stroke="#fff" stroke-width="10" opacity=".08" stroke-linecap="round"',
        ) +
        circle(520, 400, 64, acc) +
        circle(520, 400, 8, '#f6f3ee') +
        rect(160, 200, 400, 400, 8, M, x.edge) +
        circle(360, 380, 110, acc) +
        stripes +
        (x.label ? text(360, 560, x.label, fitSize(x.label, 340, 36), x.ink, ' letter-spacing="4"') : ''),
    };
  },

  ebook: (x) => {
    const lines = x.label ? wrap(x.label, 11, 3) : [];
    return {
      shadow: [400, 672, 170],
      body:
        rect(250, 140, 300, 520, 36, '#1f2937') +
        rect(272, 180, 256, 430, 8, M) +
        circle(400, 160, 5, '#4b5563') +
        circle(400, 450, 64, x.a ?? tint(x.c, 0.35), ' opacity=".9"') +
        p('M336 514 Q368 470 400 492 Q432 514 464 470 L464 514 Z', x.d, ' opacity=".8"') +
        lines.map((l, i) => text(400, 262 + i * 38, l, fitSize(l, 220, 32), x.ink)).join('') +
        rect(350, 560, 100, 6, 3, x.ink, ' opacity=".6"'),
    };
  },

  preset: (x) => {
    const acc = x.a ?? '#f59e0b';
    let sliders = '';
    [450, 320, 520].forEach((k, i) => {
      const y = 580 + i * 46;
      sliders += line(`M200 ${y} L600 ${y}`, '#d6d3d1', 8) + line(`M200 ${y} L${k} ${y}`, x.c, 8);
      sliders += circle(k, y, 14, '#fff', ` stroke="${x.c}" stroke-width="5"`);
    });
    return {
      body:
        rect(172, 186, 480, 340, 24, '#000', ' opacity=".14" filter="url(#blur)"') +
        rect(160, 170, 480, 340, 24, '#fff') +
        rect(180, 190, 440, 300, 14, tint(x.c, 0.6)) +
        circle(520, 280, 40, acc) +
        p('M180 420 Q300 340 400 400 Q500 450 620 370 L620 476 Q620 490 606 490 L194 490 Q180 490 180 476 Z', x.c) +
        p('M180 456 Q320 400 440 460 Q540 500 620 450 L620 476 Q620 490 606 490 L194 490 Q180 490 180 476 Z', x.d) +
        p(
          'M194 190 L400 190 L400 490 L194 490 Q180 490 180 476 L180 204 Q180 190 194 190 Z',
          '#e5e7eb',
          ' opacity=".62"',
        ) +
        line('M400 190 L400 490', '#fff', 6) +
        circle(400, 340, 22, '#fff') +
        line('M392 332 L384 340 L392 348 M408 332 L416 340 L408 348', '#6b7280', 3) +
        sliders,
    };
  },

  wallpaper: (x) => {
    const acc = x.a ?? tint(x.c, 0.5);
    return {
      shadow: [420, 668, 230],
      defs:
        `<linearGradient id="scr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${acc}"/>` +
        `<stop offset="1" stop-color="${x.d}"/></linearGradient>`,
      body:
        `<g transform="rotate(-10 330 400)">` +
        rect(220, 170, 220, 440, 34, '#1f2937') +
        rect(232, 182, 196, 416, 26, 'url(#scr)') +
        circle(300, 300, 70, x.l, ' opacity=".5"') +
        '</g><g transform="rotate(8 490 410)">' +
        rect(380, 190, 220, 440, 34, '#111827') +
        rect(392, 202, 196, 416, 26, M) +
        circle(540, 520, 90, acc, ' opacity=".55"') +
        circle(440, 320, 54, x.l, ' opacity=".45"') +
        rect(460, 212, 60, 16, 8, '#111827') +
        text(490, 300, '9:41', 40, '#fff') +
        '</g>',
    };
  },

  giftbox: (x) => {
    const ribbon = x.a ?? '#f5e6c8';
    const loop = 'M400 322 Q330 232 296 268 Q270 304 400 322 Z';
    return {
      shadow: [400, 646, 220],
      body:
        rect(230, 380, 340, 250, 14, M, x.edge) +
        rect(210, 320, 380, 80, 14, x.l, x.edge) +
        rect(210, 392, 380, 10, 0, x.dd, ' opacity=".2"') +
        rect(375, 320, 50, 310, 0, ribbon) +
        p(loop, ribbon, ` stroke="${shade(ribbon, 0.2)}" stroke-width="4"`) +
        p(mirror(loop), ribbon, ` stroke="${shade(ribbon, 0.2)}" stroke-width="4"`) +
        `<ellipse cx="400" cy="320" rx="26" ry="20" fill="${shade(ribbon, 0.15)}"/>` +
        (x.label
          ? rect(450, 450, 96, 56, 8, '#fbf7ef') + text(498, 486, x.label, fitSize(x.label, 80, 22), '#1f2937')
          : ''),
    };
  },

  giftcard: (x) => {
    const ribbon = x.a ?? '#f5e6c8';
    return {
      shadow: [400, 600, 240],
      defs: '<clipPath id="card"><rect x="170" y="230" width="460" height="290" rx="28"/></clipPath>',
      body:
        '<g transform="rotate(-6 400 375)">' +
        rect(170, 230, 460, 290, 28, M, x.edge) +
        `<g clip-path="url(#card)">${circle(600, 260, 150, x.l, ' opacity=".45"')}${circle(210, 540, 120, x.d, ' opacity=".4"')}` +
        rect(500, 230, 30, 290, 0, ribbon) +
        rect(170, 380, 460, 30, 0, ribbon) +
        '</g>' +
        p('M515 395 Q450 330 440 370 Q436 400 515 395 Z', ribbon, ` stroke="${shade(ribbon, 0.2)}" stroke-width="3"`) +
        p('M515 395 Q580 330 590 370 Q594 400 515 395 Z', ribbon, ` stroke="${shade(ribbon, 0.2)}" stroke-width="3"`) +
        circle(515, 395, 16, shade(ribbon, 0.15)) +
        (x.label
          ? `<text x="206" y="296" ${FONT} font-size="${fitSize(x.label, 280, 34)}" font-weight="800" fill="${x.ink}">${esc(x.label)}</text>`
          : '') +
        rect(206, 460, 120, 10, 5, x.ink, ' opacity=".5"') +
        '</g>',
    };
  },
};

/** Renders a stylised flat illustration of a product as a self-contained 800x800 SVG document. */
export function renderProductImage(spec: ProductImageSpec): string {
  const c = mixColor(spec.color, spec.color, 0);
  const a = spec.accent ? mixColor(spec.accent, spec.accent, 0) : undefined;
  const d = shade(c, 0.18);
  const x: Ctx = {
    c,
    l: tint(c, 0.2),
    d,
    dd: shade(c, 0.36),
    a,
    ink: inkFor(c),
    label: spec.label?.trim() || undefined,
    edge: ` stroke="${d}" stroke-width="5" stroke-linejoin="round"`,
  };
  const draw = arts[spec.kind] ?? arts.tshirt;
  const art = draw(x);
  const base = '#f6f3ee';
  const bg1 = mixColor(base, c, 0.08);
  const bg2 = mixColor(base, c, 0.2);
  const shadow = art.shadow
    ? `<ellipse cx="${art.shadow[0]}" cy="${art.shadow[1]}" rx="${art.shadow[2]}" ry="22" fill="#000" opacity=".16" filter="url(#blur)"/>`
    : '';
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">' +
    '<defs>' +
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>` +
    `<linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(c, 0.14)}"/><stop offset="1" stop-color="${shade(c, 0.1)}"/></linearGradient>` +
    '<filter id="blur" x="-30%" y="-100%" width="160%" height="300%"><feGaussianBlur stdDeviation="12"/></filter>' +
    (art.defs ?? '') +
    '</defs>' +
    '<rect width="800" height="800" fill="url(#bg)"/>' +
    '<circle cx="400" cy="390" r="300" fill="#fff" opacity=".35"/>' +
    shadow +
    art.body +
    '</svg>'
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// collection banners

/** Renders a 1600x900 abstract banner with the collection name, built from the given palette. */
export function renderCollectionImage(name: string, colors: string[]): string {
  const pal = colors.length > 0 ? colors.map((col) => mixColor(col, col, 0)) : ['#e7dcc8'];
  const at = (i: number) => pal[i % pal.length] ?? '#e7dcc8';
  const c0 = at(0);
  const c1 = pal.length > 1 ? at(1) : shade(c0, 0.25);
  const c2 = pal.length > 2 ? at(2) : tint(c0, 0.4);
  const c3 = pal.length > 3 ? at(3) : shade(c1, 0.2);
  const ink = luminance(mixColor(c0, c1, 0.3)) > 0.6 ? '#1f2937' : '#ffffff';
  const size = Math.max(56, Math.min(128, Math.floor(1200 / (Math.max(1, name.length) * 0.58))));
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" width="1600" height="900">' +
    '<defs>' +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c0}"/><stop offset="1" stop-color="${c1}"/></linearGradient>` +
    `<pattern id="dots" width="36" height="36" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="3" fill="${ink}" opacity=".18"/></pattern>` +
    '<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="30"/></filter>' +
    '</defs>' +
    '<rect width="1600" height="900" fill="url(#bg)"/>' +
    circle(1230, 280, 360, c2, ' opacity=".55"') +
    circle(1470, 760, 250, c3, ' opacity=".55"') +
    circle(980, 720, 120, c2, ' opacity=".35" filter="url(#soft)"') +
    circle(160, 930, 300, c2, ' opacity=".25"') +
    `<rect x="1060" y="120" width="360" height="252" fill="url(#dots)"/>` +
    p('M0 720 Q400 620 800 710 Q1200 800 1600 690 L1600 900 L0 900 Z', '#fff', ' opacity=".12"') +
    p('M0 790 Q420 700 820 790 Q1220 880 1600 780 L1600 900 L0 900 Z', '#fff', ' opacity=".12"') +
    `<text x="124" y="420" ${FONT} font-size="28" font-weight="600" letter-spacing="8" fill="${ink}" opacity=".8">SHOP THE COLLECTION</text>` +
    `<text x="118" y="${420 + size + 20}" ${FONT} font-size="${size}" font-weight="800" letter-spacing="-2" fill="${ink}">${esc(name)}</text>` +
    rect(124, 420 + size + 64, 160, 10, 5, c2) +
    '</svg>'
  );
}

/** The demo store's logo: a leaf in a rounded square, in the store's green. */
export function renderDemoLogo(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<rect width="64" height="64" rx="14" fill="#2f5d50"/>
<path d="M18 44c0-16 10-26 28-26-1 17-10 27-24 27l-4 4" fill="none" stroke="#f4efe4" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M22 42c6-7 12-12 18-16" fill="none" stroke="#f4efe4" stroke-width="3" stroke-linecap="round"/>
</svg>
`;
}
