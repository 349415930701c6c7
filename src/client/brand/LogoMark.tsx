/** Brand colours are the five circles of the logo; `brand` (the orange) leads. */
const LOGO_COLORS = ['#E8590C', '#F5B700', '#2F9E44', '#1C7ED6', '#C2255C'] as const;

const CIRCLES = [
  { cx: 12, cy: 26 },
  { cx: 24, cy: 17 },
  { cx: 38, cy: 14 },
  { cx: 52, cy: 17 },
  { cx: 64, cy: 26 },
];

/**
 * Five coloured circles, overlapping in a gentle arc: our own mark. Plain SVG, so the pages drawn
 * without Chakra (sign-in) show the same mark as the back office.
 */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 76 40"
      width={`${(size * 76) / 40}px`}
      height={`${size}px`}
      role="img"
      aria-label="Comptoir"
    >
      {CIRCLES.map((c, i) => (
        <circle key={i} cx={c.cx} cy={c.cy} r={9} fill={LOGO_COLORS[i]} fillOpacity={0.92} />
      ))}
    </svg>
  );
}
