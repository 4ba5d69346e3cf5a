// Every piece of text the widget shows, with its contrast against what lies behind it
// (WCAG 2 relative luminance), in the theme the page has now. Returns the ones below the
// bar: 4.5:1, or 3:1 for large text (24px, or 18.66px bold). Text inside a disabled control
// is left out, as WCAG leaves out inactive components. A gradient behind text (the felt)
// counts as its lightest stop for light text and its darkest for dark text, the worst case.
(root) => {
  const parse = (value) => {
    const m = value.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const parts = m[1]
      .split(/[ ,/]+/)
      .filter(Boolean)
      .map(Number);
    return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const channel = (c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (c) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const gradientStops = (image) => (image.match(/rgba?\([^)]+\)/g) || []).map(parse).filter(Boolean);
  // The colour behind `el`: the first ancestor's own background, blended down to the page.
  const behind = (el, lightText) => {
    const layers = [];
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const stops = gradientStops(style.backgroundImage);
      if (stops.length) {
        const sorted = stops.sort((x, y) => luminance(x) - luminance(y));
        layers.push(lightText ? sorted[sorted.length - 1] : sorted[0]);
        break;
      }
      const colour = parse(style.backgroundColor);
      if (colour && colour.a > 0) {
        layers.push(colour);
        if (colour.a >= 1) break;
      }
    }
    let result = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) result = over(layer, result);
    return result;
  };
  const failures = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const el = text.parentElement;
    if (!el || seen.has(el) || !text.textContent.trim()) continue;
    seen.add(el);
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (style.visibility !== "visible" || box.width === 0 || box.height === 0) continue;
    if (el.closest(".sw-visually-hidden, [aria-hidden='true'] [aria-hidden='true']")) continue;
    if (el.closest("button:disabled, select:disabled, input:disabled")) continue;
    let opacity = 1;
    for (let node = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    const colour = parse(style.color);
    const lightText = luminance(colour) > 0.5;
    const back = behind(el, lightText);
    const shown = over({ ...colour, a: colour.a * opacity }, back);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    const got = ratio(shown, back);
    if (got < needed) {
      failures.push(
        `${text.textContent.trim().slice(0, 30)} (${el.className || el.tagName}): ${got.toFixed(2)} < ${needed}`,
      );
    }
  }
  return failures;
};
