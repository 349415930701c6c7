/** WCAG's contrast ratio of white text on a colour given as « #rrggbb ». */
export function contrastWithWhite(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}

/** Buttons carry white text on the shop's colour: it must read (WCAG AA, 4.5:1). */
export const MIN_CONTRAST = 4.5;

const hex2 = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');

/** The colour, darkened just enough for white text on it to read (unchanged when it already does). */
export function readableShade(hex: string): string {
  const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let shade = hex.toLowerCase();
  for (let f = 1; contrastWithWhite(shade) < MIN_CONTRAST && f > 0; f -= 0.05)
    shade = `#${rgb.map((c) => hex2(c * f)).join('')}`;
  return shade;
}
