import sharp from 'sharp';

/**
 * The seed catalogue's pictures: a flat illustration per product, drawn as SVG here and rendered
 * to an 800×800 PNG with sharp. Nothing is copied from anywhere; the shapes are plain geometry.
 */
export type SeedPicture =
  | { kind: 'litres'; litres: number }
  | { kind: 'plan'; litres: number }
  | { kind: 'gift-card'; litres: number }
  | { kind: 'gift-card-money' }
  | { kind: 'pin-code'; litres: number }
  | { kind: 'wallet' }
  | { kind: 'light-box' }
  | { kind: 'backdrop'; colour: string }
  | { kind: 'turntable' }
  | { kind: 'tripod' }
  | { kind: 'starter-kit' };

const ink = '#1f2a44';

/** A soft background: a pale square with a rounded card and a shadow-like ellipse. */
const frame = (background: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">` +
  `<rect width="800" height="800" fill="${background}"/>` +
  `<ellipse cx="400" cy="690" rx="250" ry="26" fill="#000" opacity="0.07"/>${body}</svg>`;

const label = (text: string, y: number, size: number, fill = ink) =>
  `<text x="400" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${size}" text-anchor="middle" fill="${fill}">${text}</text>`;

/**
 * A drop, the litre's sign, `height` tall with its tip at (cx, top). The pictures carry no unit
 * letters: one picture serves every language (a Latin "L" on a Russian page reads wrong).
 */
const drop = (cx: number, top: number, height: number, fill: string) => {
  const scale = height / 570;
  return (
    `<path transform="translate(${cx - 400 * scale} ${top - 110 * scale}) scale(${scale})" ` +
    `d="M400 110 C 470 220 600 360 600 480 A 200 200 0 0 1 200 480 C 200 360 330 220 400 110 Z" fill="${fill}"/>`
  );
};

const drawings: { [K in SeedPicture['kind']]: (picture: Extract<SeedPicture, { kind: K }>) => string } = {
  // Drawn clear of the top and bottom eighths: a card that shows the picture at 4:3 keeps it whole.
  litres: ({ litres }) =>
    frame(
      '#e8f3ff',
      drop(400, 150, 520, '#3d8bfd') +
        `<ellipse cx="336" cy="430" rx="30" ry="54" fill="#fff" opacity="0.35"/>` +
        label(String(litres), 540, litres >= 1000 ? 100 : 130, '#fff'),
    ),
  // A plan is litres every month: a calendar page, unlike a bundle's drop.
  plan: ({ litres }) =>
    frame(
      '#f1efff',
      `<rect x="170" y="190" width="460" height="440" rx="40" fill="#fff" stroke="${ink}" stroke-width="10"/>` +
        `<path d="M175 230 A 35 35 0 0 1 210 195 H590 A 35 35 0 0 1 625 230 V300 H175 Z" fill="#7b61ff"/>` +
        `<g fill="${ink}"><rect x="272" y="150" width="28" height="90" rx="14"/><rect x="500" y="150" width="28" height="90" rx="14"/></g>` +
        label(String(litres), 480, litres >= 1000 ? 110 : 140, '#7b61ff') +
        drop(400, 510, 90, '#3d8bfd'),
    ),
  'gift-card': ({ litres }) =>
    frame(
      '#fff1ea',
      `<rect x="130" y="230" width="540" height="340" rx="36" fill="#ff7a59"/>` +
        `<rect x="220" y="230" width="60" height="340" fill="#ffd166"/>` +
        `<path d="M250 230 C 180 150 110 200 180 240 Z M250 230 C 320 150 390 200 320 240 Z" fill="#ffd166"/>` +
        label(String(litres), 430, 96, '#fff').replace('x="400"', 'x="440"') +
        drop(606, 338, 96, '#fff'),
    ),
  'gift-card-money': () =>
    frame(
      '#fff1ea',
      `<rect x="130" y="230" width="540" height="340" rx="36" fill="#7b61ff"/>` +
        `<rect x="220" y="230" width="60" height="340" fill="#ffd166"/>` +
        `<path d="M250 230 C 180 150 110 200 180 240 Z M250 230 C 320 150 390 200 320 240 Z" fill="#ffd166"/>` +
        `<circle cx="470" cy="400" r="84" fill="#ffd166"/>` +
        label('+', 432, 110, '#7b61ff').replace('x="400"', 'x="470"'),
    ),
  'pin-code': ({ litres }) =>
    frame(
      '#eefaf3',
      `<rect x="150" y="240" width="500" height="320" rx="30" fill="#2fb77a"/>` +
        `<rect x="200" y="390" width="400" height="80" rx="14" fill="#fff"/>` +
        `<g fill="${ink}">${[0, 1, 2, 3].map((i) => `<circle cx="${260 + i * 93}" cy="430" r="16"/>`).join('')}</g>` +
        label(String(litres), 345, 64, '#fff').replace('x="400"', 'x="380"') +
        drop(450, 290, 64, '#fff'),
    ),
  wallet: () =>
    frame(
      '#f4f0ff',
      `<rect x="170" y="250" width="460" height="320" rx="40" fill="#7b61ff"/>` +
        `<rect x="150" y="210" width="420" height="90" rx="30" fill="#a996ff"/>` +
        `<rect x="470" y="360" width="190" height="110" rx="26" fill="#5a43d6"/>` +
        `<circle cx="525" cy="415" r="22" fill="#ffd166"/>` +
        label('+', 480, 150, '#fff').replace('x="400"', 'x="320"'),
    ),
  'light-box': () =>
    frame(
      '#fff9e6',
      `<polygon points="220,260 580,260 640,620 160,620" fill="#fff" stroke="${ink}" stroke-width="10" stroke-linejoin="round"/>` +
        `<polygon points="220,260 580,260 560,300 240,300" fill="#ffe08a"/>` +
        `<rect x="330" y="470" width="140" height="120" rx="14" fill="#ffb703"/>` +
        `<g stroke="#ffb703" stroke-width="12" stroke-linecap="round"><line x1="400" y1="120" x2="400" y2="190"/><line x1="270" y1="160" x2="300" y2="210"/><line x1="530" y1="160" x2="500" y2="210"/></g>`,
    ),
  backdrop: ({ colour }) =>
    frame(
      '#f2f4f7',
      `<rect x="150" y="150" width="500" height="70" rx="35" fill="${ink}"/>` +
        `<path d="M170 185 H630 V560 Q630 640 550 650 H170 Z" fill="${colour}" stroke="#d0d5dd" stroke-width="6"/>` +
        `<rect x="140" y="170" width="20" height="500" rx="8" fill="${ink}"/><rect x="640" y="170" width="20" height="500" rx="8" fill="${ink}"/>`,
    ),
  turntable: () =>
    frame(
      '#eef6f9',
      `<ellipse cx="400" cy="560" rx="260" ry="70" fill="${ink}"/>` +
        `<rect x="140" y="480" width="520" height="80" fill="${ink}"/>` +
        `<ellipse cx="400" cy="480" rx="260" ry="70" fill="#4fb3d9"/>` +
        `<path d="M250 300 A 170 60 0 1 1 560 320" fill="none" stroke="#4fb3d9" stroke-width="14" stroke-linecap="round"/>` +
        `<polygon points="560,290 590,335 540,340" fill="#4fb3d9"/>`,
    ),
  tripod: () =>
    frame(
      '#f5f5f2',
      `<rect x="300" y="130" width="200" height="130" rx="22" fill="${ink}"/>` +
        `<circle cx="400" cy="195" r="42" fill="#9aa4b2"/>` +
        `<g stroke="${ink}" stroke-width="18" stroke-linecap="round"><line x1="400" y1="270" x2="400" y2="420"/>` +
        `<line x1="400" y1="420" x2="230" y2="680"/><line x1="400" y1="420" x2="570" y2="680"/><line x1="400" y1="420" x2="400" y2="690"/></g>`,
    ),
  'starter-kit': () =>
    frame(
      '#f0f7f1',
      `<rect x="130" y="300" width="540" height="330" rx="26" fill="#c98f52"/>` +
        `<rect x="130" y="300" width="540" height="70" rx="20" fill="#ad7640"/>` +
        `<rect x="370" y="300" width="60" height="330" fill="#e9c46a"/>` +
        `<polygon points="200,300 330,300 350,180 180,180" fill="#fff" stroke="${ink}" stroke-width="8" stroke-linejoin="round"/>` +
        `<path d="M470 300 V170 H600 V300" fill="#3cb371" stroke="${ink}" stroke-width="8"/>` +
        label('KIT', 520, 90, '#fff'),
    ),
};

/** The SVG of a picture. */
export function svgOf(picture: SeedPicture): string {
  return (drawings[picture.kind] as (picture: SeedPicture) => string)(picture);
}

/** Rendered once per process: seeding many test databases draws each picture once. */
const rendered = new Map<string, Promise<Buffer>>();

/** The picture as an 800×800 PNG. */
export function renderSeedPicture(picture: SeedPicture): Promise<Buffer> {
  const key = JSON.stringify(picture);
  let png = rendered.get(key);
  if (!png) {
    png = sharp(Buffer.from(svgOf(picture)))
      .png()
      .toBuffer();
    rendered.set(key, png);
  }
  return png;
}
