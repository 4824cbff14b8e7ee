import { useId } from 'react';

/**
 * A phone taking a product photo, the background cut away on one half of the frame: drawn here,
 * no device maker's shape or logo. Colours are fixed: it reads the same on light and dark pages.
 */
export function PhoneIllustration({
  label,
  badge,
  className,
}: {
  /** What the picture shows, for screen readers. */
  label: string;
  /** The chip on the screen ("Background removed"). */
  badge: string;
  className?: string;
}) {
  // useId's characters are not all valid in url(#…) references.
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const checker = `${uid}-checker`;
  const backdrop = `${uid}-backdrop`;
  const photo = `${uid}-photo`;
  const bottle = `${uid}-bottle`;
  return (
    <svg viewBox="0 0 260 520" role="img" aria-label={label} className={className}>
      <defs>
        <pattern id={checker} width="16" height="16" patternUnits="userSpaceOnUse">
          <rect width="16" height="16" fill="#ffffff" />
          <rect width="8" height="8" fill="#e8ecf3" />
          <rect x="8" y="8" width="8" height="8" fill="#e8ecf3" />
        </pattern>
        <linearGradient id={backdrop} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c4b5fd" />
          <stop offset="1" stopColor="#818cf8" />
        </linearGradient>
        <linearGradient id={bottle} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#f8fafc" />
          <stop offset="0.6" stopColor="#ffffff" />
          <stop offset="1" stopColor="#e2e8f0" />
        </linearGradient>
        <clipPath id={photo}>
          <rect x="28" y="74" width="204" height="276" rx="22" />
        </clipPath>
      </defs>

      {/* The body, its side buttons and the screen. */}
      <rect x="0" y="104" width="4" height="44" rx="2" fill="#334155" />
      <rect x="256" y="136" width="4" height="72" rx="2" fill="#334155" />
      <rect x="4" y="4" width="252" height="512" rx="44" fill="#0f172a" stroke="#334155" strokeWidth="2" />
      <rect x="16" y="16" width="228" height="488" rx="34" fill="#f8fafc" />
      <circle cx="130" cy="36" r="6" fill="#0f172a" />
      <rect x="36" y="52" width="56" height="8" rx="4" fill="#cbd5e1" />
      <rect x="196" y="52" width="28" height="8" rx="4" fill="#cbd5e1" />

      {/* The frame: the photo's own background on the left, cut away on the right. */}
      <g clipPath={`url(#${photo})`}>
        <rect x="28" y="74" width="204" height="276" fill={`url(#${checker})`} />
        <rect x="28" y="74" width="102" height="276" fill={`url(#${backdrop})`} />
        <circle cx="62" cy="112" r="30" fill="#ffffff" opacity="0.25" />
        <rect x="28" y="300" width="102" height="50" fill="#6366f1" opacity="0.35" />
      </g>

      {/* The product: a bottle with its label. */}
      <ellipse cx="130" cy="318" rx="52" ry="8" fill="#0f172a" opacity="0.12" />
      <rect x="116" y="118" width="28" height="30" rx="6" fill="#1e293b" />
      <rect x="121" y="144" width="18" height="14" rx="3" fill="#334155" />
      <rect x="94" y="154" width="72" height="162" rx="22" fill={`url(#${bottle})`} stroke="#cbd5e1" />
      <rect x="104" y="204" width="52" height="64" rx="10" fill="#7c3aed" />
      <rect x="114" y="220" width="32" height="6" rx="3" fill="#ffffff" opacity="0.9" />
      <rect x="118" y="234" width="24" height="4" rx="2" fill="#ffffff" opacity="0.6" />
      <rect x="118" y="244" width="24" height="4" rx="2" fill="#ffffff" opacity="0.6" />

      {/* The split between before and after, with its handle. */}
      <rect x="129" y="74" width="2" height="276" fill="#ffffff" />
      <circle cx="130" cy="212" r="13" fill="#ffffff" stroke="#e2e8f0" />
      <path d="M125 207 l-5 5 l5 5 M135 207 l5 5 l-5 5" fill="none" stroke="#7c3aed" strokeWidth="2.2" />

      {/* The chip that says it is done. */}
      <rect x="52" y="366" width="156" height="30" rx="15" fill="#ecfdf5" stroke="#a7f3d0" />
      <circle cx="70" cy="381" r="8" fill="#059669" />
      <path d="M66 381 l3 3 l5 -6" fill="none" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" />
      <text x="84" y="385.5" fontSize="12" fontWeight="600" fill="#065f46" fontFamily="inherit">
        {badge}
      </text>

      {/* The camera's controls: the last shots, the shutter, the switch. */}
      <rect x="44" y="424" width="36" height="36" rx="10" fill={`url(#${checker})`} stroke="#cbd5e1" />
      <rect x="54" y="432" width="16" height="22" rx="5" fill="#7c3aed" opacity="0.85" />
      <circle cx="130" cy="442" r="30" fill="#ffffff" stroke="#ddd6fe" strokeWidth="4" />
      <circle cx="130" cy="442" r="22" fill="#7c3aed" />
      <circle cx="198" cy="442" r="18" fill="#ede9fe" />
      <path
        d="M190 440 a8 8 0 0 1 14 -4 M206 444 a8 8 0 0 1 -14 4"
        fill="none"
        stroke="#7c3aed"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
      <rect x="100" y="488" width="60" height="5" rx="2.5" fill="#cbd5e1" />
    </svg>
  );
}
