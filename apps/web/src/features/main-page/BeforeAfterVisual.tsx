import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const leaves = [
  { angle: -158, length: 0.82, fill: '#15803d' },
  { angle: -22, length: 0.86, fill: '#15803d' },
  { angle: -132, length: 1, fill: '#16a34a' },
  { angle: -48, length: 1.02, fill: '#16a34a' },
  { angle: -108, length: 1.1, fill: '#22c55e' },
  { angle: -74, length: 1.12, fill: '#22c55e' },
  { angle: -91, length: 0.9, fill: '#4ade80' },
];

/** A potted plant: the subject of the before/after picture. */
function Plant({ ids }: { ids: { pot: string; leaf: string } }) {
  return (
    <g>
      {leaves.map((leaf) => (
        <g key={leaf.angle} transform={`translate(200 186) rotate(${leaf.angle}) scale(${leaf.length})`}>
          <path d="M0 0 C 30 -22 70 -24 104 0 C 70 24 30 22 0 0Z" fill={leaf.fill} />
          <path d="M0 0 C 30 -22 70 -24 104 0 C 70 24 30 22 0 0Z" fill={`url(#${ids.leaf})`} />
          <path d="M6 0 C 40 -3 70 -3 96 0" stroke="#dcfce7" strokeWidth="1.6" fill="none" opacity="0.55" />
        </g>
      ))}
      <path d="M158 200 H242 L232 268 Q231 274 225 274 H175 Q169 274 168 268Z" fill={`url(#${ids.pot})`} />
      <rect x="150" y="186" width="100" height="20" rx="5" fill="#c2410c" />
      <rect x="150" y="186" width="100" height="7" rx="3.5" fill="#ea580c" opacity="0.7" />
    </g>
  );
}

/**
 * The before/after picture of the hero, drawn inline: the left half shows the photo with its
 * background, the right half the cut-out subject on a transparent (checkerboard) background.
 */
export function BeforeAfterVisual() {
  const { t } = useTranslation();
  const uid = useId().replace(/:/g, '');
  const ids = {
    checker: `${uid}-checker`,
    sky: `${uid}-sky`,
    before: `${uid}-before`,
    pot: `${uid}-pot`,
    leaf: `${uid}-leaf`,
    shadow: `${uid}-shadow`,
  };

  return (
    <div className="relative">
      <div
        aria-hidden="true"
        className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gradient-to-tr from-violet-300/40 via-indigo-200/30 to-fuchsia-200/40 blur-2xl"
      />
      <div className="overflow-hidden rounded-3xl bg-white shadow-2xl shadow-violet-900/15 ring-1 ring-slate-900/5">
        <div className="relative">
          <svg
            viewBox="0 0 400 300"
            role="img"
            aria-label={t('main.hero.visualLabel')}
            className="block h-auto w-full"
          >
            <defs>
              <pattern id={ids.checker} width="20" height="20" patternUnits="userSpaceOnUse">
                <rect width="20" height="20" fill="#ffffff" />
                <rect width="10" height="10" fill="#e8ecf3" />
                <rect x="10" y="10" width="10" height="10" fill="#e8ecf3" />
              </pattern>
              <linearGradient id={ids.sky} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0" stopColor="#c4b5fd" />
                <stop offset="0.55" stopColor="#f5d0fe" />
                <stop offset="1" stopColor="#fed7aa" />
              </linearGradient>
              <linearGradient id={ids.pot} x1="0" y1="0" x2="1" y2="0">
                <stop offset="0" stopColor="#ea580c" />
                <stop offset="0.6" stopColor="#f97316" />
                <stop offset="1" stopColor="#c2410c" />
              </linearGradient>
              <linearGradient id={ids.leaf} x1="0" y1="-1" x2="0" y2="1">
                <stop offset="0" stopColor="#ffffff" stopOpacity="0.25" />
                <stop offset="1" stopColor="#000000" stopOpacity="0.12" />
              </linearGradient>
              <radialGradient id={ids.shadow}>
                <stop offset="0" stopColor="#1e293b" stopOpacity="0.35" />
                <stop offset="1" stopColor="#1e293b" stopOpacity="0" />
              </radialGradient>
              <clipPath id={ids.before}>
                <rect width="200" height="300" />
              </clipPath>
            </defs>

            <rect width="400" height="300" fill={`url(#${ids.checker})`} />

            <g clipPath={`url(#${ids.before})`}>
              <rect width="400" height="300" fill={`url(#${ids.sky})`} />
              <circle cx="62" cy="70" r="26" fill="#fff7ed" opacity="0.9" />
              <path d="M0 196 Q 70 150 150 186 T 400 176 V300 H0Z" fill="#a78bfa" opacity="0.45" />
              <path d="M0 226 Q 110 196 230 222 T 400 214 V300 H0Z" fill="#8b5cf6" opacity="0.35" />
              <rect y="262" width="400" height="38" fill="#e7e5e4" />
              <rect y="262" width="400" height="4" fill="#d6d3d1" />
              <ellipse cx="200" cy="272" rx="70" ry="9" fill={`url(#${ids.shadow})`} />
            </g>

            <Plant ids={ids} />

            <line x1="200" y1="0" x2="200" y2="300" stroke="#ffffff" strokeWidth="3" />
            <circle cx="200" cy="150" r="16" fill="#ffffff" stroke="#ede9fe" strokeWidth="2" />
            <path
              d="M195 144 L189 150 L195 156 M205 144 L211 150 L205 156"
              stroke="#7c3aed"
              strokeWidth="2.5"
              fill="none"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="absolute top-3 left-3 rounded-full bg-slate-900/70 px-3 py-1 text-xs font-semibold text-white backdrop-blur">
            {t('main.hero.before')}
          </span>
          <span className="absolute top-3 right-3 rounded-full bg-violet-600 px-3 py-1 text-xs font-semibold text-white shadow">
            {t('main.hero.after')}
          </span>
        </div>
      </div>
    </div>
  );
}
