import { createHash } from 'node:crypto';

/** Relative luminance of `#rrggbb` (WCAG 2.1). */
function luminance(colour: string) {
  const channel = (i: number) => {
    const c = Number.parseInt(colour.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** White or near-black, whichever reads better on the licence's colour (axe's contrast rule, any colour). */
export function textOn(colour: string) {
  const l = luminance(colour);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#111111';
}

/**
 * The pages' one stylesheet, inline (no second request before the first paint) and allowed by its hash in the
 * page's Content-Security-Policy, never by 'unsafe-inline'. The licence's colour is its one variable part.
 */
export function careersStyle(colour: string) {
  const made = STYLES.get(colour);
  if (made) return made;
  if (STYLES.size >= 1000) STYLES.clear();
  const style = buildStyle(colour);
  STYLES.set(colour, style);
  return style;
}

/** Each colour's stylesheet and hash, made once (a site's colour seldom changes; the map stays small). */
const STYLES = new Map<string, { css: string; hash: string }>();

function buildStyle(colour: string) {
  const ink = textOn(colour);
  const css = `:root{--brand:${colour};--on-brand:${ink};color-scheme:light}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f7f7f8}
a{color:#1f4fbf}
header{background:var(--brand);color:var(--on-brand);padding:1.25rem 1rem}
header a{color:var(--on-brand)}
.bar,main{max-width:56rem;margin:0 auto}
.bar{display:flex;align-items:center;gap:1rem;flex-wrap:wrap}
.bar img{max-height:3rem;max-width:10rem;background:#fff;border-radius:4px;padding:2px}
.bar h1{font-size:1.5rem;margin:0;flex:1}
.bar nav{font-size:.95rem}
main{padding:1rem}
.intro{white-space:pre-line}
form.filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(11rem,1fr));gap:.75rem;align-items:end;background:#fff;padding:1rem;border-radius:8px;border:1px solid #ddd}
form.filters label{display:flex;flex-direction:column;font-size:.9rem;gap:.25rem}
input,select,button{font:inherit;padding:.4rem .5rem;border:1px solid #767676;border-radius:4px;background:#fff;color:#1a1a1a}
button{background:var(--brand);color:var(--on-brand);border-color:var(--brand);cursor:pointer}
ul.offers{list-style:none;padding:0;margin:1rem 0;display:grid;gap:.5rem}
ul.offers li{background:#fff;border:1px solid #ddd;border-radius:8px;padding:.75rem 1rem}
ul.offers h3{margin:0 0 .25rem;font-size:1.1rem}
.facts{margin:0;color:#444;font-size:.9rem;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.facts dt{font-weight:600}
.facts div{display:flex;gap:.3rem}
.facts dd{margin:0}
.pages{display:flex;justify-content:space-between}
article.offer{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem 1.25rem}
article.offer h2{margin-top:0}
.description img{max-width:100%}
.apply{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem 1.25rem;margin-top:1rem}
.apply h2{margin-top:0}
.apply form{display:grid;gap:.9rem;max-width:36rem}
.field{display:flex;flex-direction:column;gap:.25rem}
.field.consent{flex-direction:row;align-items:flex-start;gap:.5rem}
.field.consent input{margin-top:.3rem}
textarea{font:inherit;padding:.4rem .5rem;border:1px solid #767676;border-radius:4px;resize:vertical}
.hint{color:#555;font-size:.9rem}
.error{color:#b3261e;font-size:.9rem}
.field.consent .error{flex-basis:100%}
[aria-invalid=true]{border-color:#b3261e}
.alert{border-left:4px solid #b3261e;background:#fdf0ef;padding:.5rem 1rem;margin:.5rem 0}
.alert p{margin:.25rem 0}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button:disabled{opacity:.6;cursor:wait}
.embed header{padding:.5rem 1rem}
.embed main{padding:.5rem}`;
  return { css, hash: `'sha256-${createHash('sha256').update(css).digest('base64')}'` };
}
