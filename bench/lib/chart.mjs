// The benchmark's chart: p95 latency per workload (groups) and series (bars), on a
// logarithmic axis, as a self-contained SVG.
const COLOURS = ['#2456c7', '#8fb0ff', '#c0392b', '#f1a9a0', '#1e8449', '#a9dfbf', '#7d3c98', '#d7bde2'];
const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * @param {{ title: string, groups: string[], series: { name: string, values: (number | undefined)[] }[] }} chart
 * @returns {string} SVG
 */
export function barChart({ title, groups, series }) {
  const bar = 14;
  const gap = 18;
  const left = 170;
  const width = 860;
  const plot = width - left - 70;
  const top = 56;
  const groupHeight = series.length * bar + gap;
  const legendTop = top + groups.length * groupHeight + 34;
  const height = legendTop + Math.ceil(series.length / 2) * 20 + 16;
  const values = series.flatMap((s) => s.values).filter((v) => v !== undefined && v > 0);
  const low = 10 ** Math.floor(Math.log10(Math.min(...values, 1)));
  const high = 10 ** Math.ceil(Math.log10(Math.max(...values, 10)));
  const x = (v) => left + ((Math.log10(Math.max(v, low)) - Math.log10(low)) / (Math.log10(high) - Math.log10(low))) * plot;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${left}" y="24" font-size="15" font-weight="600">${escape(title)}</text>`,
  ];
  for (let tick = low; tick <= high; tick *= 10) {
    parts.push(
      `<line x1="${x(tick)}" y1="${top - 8}" x2="${x(tick)}" y2="${legendTop - 26}" stroke="#ddd"/>`,
      `<text x="${x(tick)}" y="${top - 14}" text-anchor="middle" fill="#555">${tick >= 1 ? tick : tick.toFixed(1)} ms</text>`,
    );
  }
  groups.forEach((group, g) => {
    const y0 = top + g * groupHeight;
    parts.push(
      `<text x="${left - 10}" y="${y0 + (series.length * bar) / 2 + 4}" text-anchor="end" font-weight="600">${escape(group)}</text>`,
    );
    series.forEach((s, i) => {
      const value = s.values[g];
      const y = y0 + i * bar;
      if (value === undefined || Number.isNaN(value)) {
        parts.push(`<text x="${left + 4}" y="${y + bar - 3}" fill="#999">no answer within the row</text>`);
        return;
      }
      parts.push(
        `<rect x="${left}" y="${y + 1}" width="${Math.max(1, x(value) - left)}" height="${bar - 2}" fill="${COLOURS[i % COLOURS.length]}"/>`,
        `<text x="${x(value) + 4}" y="${y + bar - 3}" fill="#333">${value < 10 ? value.toFixed(1) : Math.round(value)}</text>`,
      );
    });
  });
  series.forEach((s, i) => {
    const lx = left + (i % 2) * 330;
    const ly = legendTop + Math.floor(i / 2) * 20;
    parts.push(
      `<rect x="${lx}" y="${ly - 10}" width="12" height="12" fill="${COLOURS[i % COLOURS.length]}"/>`,
      `<text x="${lx + 18}" y="${ly}">${escape(s.name)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
