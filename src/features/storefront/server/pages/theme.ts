import type { ThemeId } from '@/shared/storefront/layout';

/*
 * The online shop's themes, as plain CSS inline in every page: phone first, system fonts only (a
 * theme costs no download), the shop's colour as a custom property. One base for every theme,
 * then each theme's few rules. No style sheet, font or script blocks the first paint.
 */

const THEME_CSS: Record<ThemeId, string> = {
  classique: '',
  // Serif titles, more air, thin square lines.
  elegant: `h1,h2,h3,.brand,.banner h1,.banner h2{font-family:Georgia,'Times New Roman',Cambria,serif;font-weight:500;letter-spacing:.01em}
main{padding-top:1.5rem}h2{margin:3rem 0 1.25rem;font-size:1.4rem}
.banner,.card,.cats a,.quotes li,.btn,.slides img,.visit>div,.newsletter{border-radius:2px}
.banner{background:#fafaf9;color:var(--fg);border:1px solid var(--line)}.banner .btn{background:var(--c);color:#fff}
.cats a{background:#fff;border:1px solid var(--line)}.quotes li{background:#fff;border:1px solid var(--line)}
.btn{font-weight:600;letter-spacing:.02em}`,
  // Heavy titles, full colour, marked buttons.
  audacieux: `h1,h2,.banner h1,.banner h2{font-weight:900;letter-spacing:-.02em;text-transform:uppercase}
h2{font-size:1.5rem}.banner h1,.banner h2{font-size:2.25rem;line-height:1.05}
.btn{text-transform:uppercase;letter-spacing:.04em;border-radius:999px;box-shadow:0 3px 0 rgba(0,0,0,.25)}
.banner{border-radius:1.5rem}.cats a{background:var(--c);color:#fff}
.card{border-width:2px;border-color:var(--fg)}.quotes li{border-left:6px solid var(--c)}`,
};

/** The section styles every theme shares, besides the shop's pages (cart, checkout). */
const SECTIONS_CSS = `.slides{display:flex;gap:.75rem;overflow-x:auto;scroll-snap-type:x mandatory;list-style:none;padding:0;margin:0;scrollbar-width:thin}
.slides li{flex:0 0 100%;scroll-snap-align:start;position:relative}
.slides a{display:block;text-decoration:none}
.slides .img{aspect-ratio:16/9;border-radius:1rem;overflow:hidden;background:var(--bg2)}
.slides .img img{width:100%;height:100%;object-fit:cover}
.caption{position:absolute;left:.75rem;bottom:.75rem;background:rgba(0,0,0,.65);color:#fff;padding:.375rem .75rem;border-radius:.5rem;font-weight:700}
.split .img{border-radius:1rem;overflow:hidden}
.prose{max-width:42rem;overflow-wrap:anywhere}.prose a{color:var(--c)}
.page{max-width:48rem}
.faq details{border-bottom:1px solid var(--line);padding:.75rem 0}
.faq summary{font-weight:700;cursor:pointer;min-height:2.75rem;display:flex;align-items:center}
.visit{display:grid;gap:1rem}.visit h2{margin-bottom:0}.visit h3{margin:.5rem 0 .25rem;font-size:1rem}
.pre{white-space:pre-line;margin:0 0 .75rem}
.newsletter{background:var(--bg2);border-radius:1rem;padding:1.25rem;margin:2rem 0}
.newsletter h2{margin-top:0}.newsletter form{max-width:28rem}
.consent{display:flex;gap:.5rem;font-weight:400;font-size:.9rem;align-items:flex-start}
.consent input{width:1.25rem;height:1.25rem;flex:0 0 auto;margin-top:.15rem}
.newsletter .btn{margin-top:.75rem}
.ok{color:var(--ok);font-weight:700}
@media(min-width:64rem){.slides li{flex-basis:calc(50% - .375rem)}.visit{grid-template-columns:1fr 1fr;align-items:start}.visit h2{grid-column:1/-1}}
`;

/** In the site builder's preview nothing leads away: the seller looks, the buyer clicks. */
const PREVIEW_CSS = 'a,button,input,select,textarea,label{pointer-events:none}header.top{position:static}';

export function storefrontCss(theme: ThemeId, primaryColor: string, isPreview = false): string {
  return `${baseCss(primaryColor)}${SECTIONS_CSS}${THEME_CSS[theme] ?? ''}${isPreview ? PREVIEW_CSS : ''}`;
}

function baseCss(primaryColor: string): string {
  return `:root{--c:${primaryColor};--fg:#18181b;--muted:#52525b;--line:#e4e4e7;--bg2:#f4f4f5;--ok:#166534;--err:#991b1b}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:var(--fg);line-height:1.5;background:#fff;-webkit-font-smoothing:antialiased}
a{color:inherit}
img{max-width:100%;height:auto;display:block}
.wrap{max-width:72rem;margin:0 auto;padding:0 1rem}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:9}
header.top{border-bottom:1px solid var(--line);background:#fff;position:sticky;top:0;z-index:5}
.bar{display:flex;align-items:center;gap:.75rem;min-height:3.5rem}
.brand{display:flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.125rem;text-decoration:none;min-width:0}
.brand img{width:2.25rem;height:2.25rem;border-radius:.5rem;object-fit:cover}
.brand span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.grow{flex:1}
.cart-link{display:inline-flex;align-items:center;gap:.375rem;text-decoration:none;font-weight:600;padding:.5rem .75rem;border-radius:.5rem;border:1px solid var(--line);white-space:nowrap}
.badge{background:var(--c);color:#fff;border-radius:999px;font-size:.75rem;padding:0 .45rem;min-width:1.25rem;text-align:center}
nav.menu{display:flex;gap:1rem;overflow-x:auto;padding:.25rem 0 .5rem;font-size:.95rem;scrollbar-width:none}
nav.menu a{white-space:nowrap;text-decoration:none;color:var(--muted);padding:.25rem 0}
nav.menu a:hover,nav.menu a[aria-current]{color:var(--fg);text-decoration:underline}
form.search{display:flex;gap:.5rem;margin:.5rem 0}
input,select,textarea{font:inherit;width:100%;padding:.625rem .75rem;border:1px solid #a1a1aa;border-radius:.5rem;background:#fff;color:var(--fg)}
input:focus,select:focus,textarea:focus,button:focus-visible,a:focus-visible{outline:2px solid var(--c);outline-offset:2px}
label{font-weight:600;display:block;margin:.75rem 0 .25rem}
.hint{color:var(--muted);font-size:.875rem;margin:.25rem 0 0}
.error{color:var(--err);font-size:.875rem;margin:.25rem 0 0;font-weight:600}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;font:inherit;font-weight:700;border:0;border-radius:.5rem;padding:.75rem 1.25rem;background:var(--c);color:#fff;text-decoration:none;cursor:pointer;min-height:2.75rem}
.btn.ghost{background:#fff;color:var(--fg);border:1px solid #a1a1aa}
.btn.wa{background:#166534}
.btn.block{width:100%}
.btn:disabled{opacity:.5;cursor:not-allowed}
main{padding:1rem 0 3rem}
h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:2rem 0 1rem}
.banner{border-radius:1rem;overflow:hidden;background:var(--c);color:#fff;display:grid;margin-top:1rem}
.banner .text{padding:2rem 1.25rem}
.banner h1,.banner h2{margin:0 0 .5rem;font-size:1.75rem}
.banner p{margin:0 0 1.25rem;opacity:.95}
.banner .btn{background:#fff;color:var(--fg)}
.banner img{width:100%;height:100%;object-fit:cover;max-height:20rem}
.grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.75rem;list-style:none;padding:0;margin:0}
.card{display:flex;flex-direction:column;text-decoration:none;border:1px solid var(--line);border-radius:.75rem;overflow:hidden;height:100%}
.card .img,.gallery .img{aspect-ratio:1;background:var(--bg2);display:flex;align-items:center;justify-content:center;overflow:hidden}
.card .img img,.gallery .img img{width:100%;height:100%;object-fit:cover}
.img picture{display:contents}
.initials{font-size:2rem;font-weight:700;color:var(--muted)}
.card .body{padding:.625rem .75rem .75rem;display:flex;flex-direction:column;gap:.125rem}
.card .name{font-weight:600;font-size:.95rem;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.price{font-weight:700}
.was{color:var(--muted);text-decoration:line-through;font-weight:400;margin-left:.375rem;font-size:.875rem}
.out{color:var(--err);font-size:.85rem;font-weight:600}
.cats{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.75rem;list-style:none;padding:0;margin:0}
.cats a{display:block;padding:1rem;border-radius:.75rem;background:var(--bg2);text-decoration:none;font-weight:600}
.split{display:grid;gap:1.25rem;align-items:center}
.quotes{display:grid;gap:.75rem;list-style:none;padding:0;margin:0}
.quotes li{background:var(--bg2);border-radius:.75rem;padding:1rem}
.quotes blockquote{margin:0 0 .5rem}
.center{text-align:center;margin:2rem 0}
footer.bottom{border-top:1px solid var(--line);background:var(--bg2);padding:1.5rem 0 2rem;font-size:.9rem;color:var(--muted)}
footer.bottom nav{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;margin-bottom:.75rem}
.crumbs{font-size:.875rem;color:var(--muted);margin:.5rem 0 0;overflow-wrap:anywhere}
.product{display:grid;gap:1.25rem}
.gallery{display:grid;gap:.5rem}
.thumbs{display:flex;gap:.5rem;overflow-x:auto}
.thumbs img{width:4rem;height:4rem;object-fit:cover;border-radius:.5rem;border:1px solid var(--line)}
.gallery .img{border-radius:.75rem}
.big-price{font-size:1.5rem;font-weight:800;margin:.25rem 0}
fieldset{border:0;padding:0;margin:0 0 .5rem}
legend{font-weight:600;margin:.75rem 0 .25rem;padding:0}
.choices{display:flex;flex-wrap:wrap;gap:.5rem}
.choice{position:relative;font-weight:400}
.choice small{font-weight:400}
.choice input{position:absolute;opacity:0;width:1px;height:1px}
.choice span{display:inline-block;border:1px solid #a1a1aa;border-radius:.5rem;padding:.5rem .875rem;cursor:pointer;min-height:2.75rem;line-height:1.7}
.choice input:checked+span{border-color:var(--c);box-shadow:0 0 0 2px var(--c);font-weight:700}
.choice input:focus-visible+span{outline:2px solid var(--c);outline-offset:2px}
.choice input:disabled+span{text-decoration:line-through;color:var(--muted)}
.actions{display:grid;gap:.5rem;margin-top:1rem}
.desc{margin-top:1rem;overflow-wrap:anywhere}
.notice{border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0;background:#fef2f2;color:var(--err);font-weight:600}
.notice.ok{background:#f0fdf4;color:var(--ok)}
.lines{list-style:none;margin:0;padding:0}
.lines li{display:grid;grid-template-columns:3.5rem minmax(0,1fr) auto;gap:.75rem;padding:.75rem 0;border-bottom:1px solid var(--line);align-items:start}
.lines .thumb{width:3.5rem;height:3.5rem;border-radius:.5rem;background:var(--bg2);object-fit:cover}
.lines .what{min-width:0;overflow-wrap:anywhere}
.qty{display:flex;gap:.375rem;align-items:center;margin-top:.375rem}
.qty input{width:4.5rem;padding:.375rem .5rem}
.code{display:flex;gap:.5rem}.code input{flex:1;min-width:0}
.qty .btn{padding:.375rem .75rem;min-height:2.25rem;font-size:.875rem}
.linkish{background:none;border:0;color:var(--err);text-decoration:underline;font:inherit;cursor:pointer;padding:.375rem 0;font-size:.875rem}
.sum{width:100%;border-collapse:collapse;margin:1rem 0}
.sum td{padding:.375rem 0}
.sum td:last-child{text-align:right;white-space:nowrap}
.sum tr.total td{font-weight:800;font-size:1.125rem;border-top:1px solid var(--line);padding-top:.625rem}
.box{border:1px solid var(--line);border-radius:.75rem;padding:1rem}
.pager{display:flex;justify-content:space-between;gap:.5rem;margin:1.5rem 0}
.tools{display:flex;gap:.5rem;align-items:end;flex-wrap:wrap}
.tools label{margin:0 0 .25rem}
.two{display:grid;gap:0 1rem}
@media(min-width:40rem){.grid{grid-template-columns:repeat(3,minmax(0,1fr))}.cats{grid-template-columns:repeat(3,minmax(0,1fr))}.two{grid-template-columns:1fr 1fr}}
@media(min-width:64rem){.grid{grid-template-columns:repeat(4,minmax(0,1fr))}.banner{grid-template-columns:1fr 1fr}.banner .text{padding:3rem 2.5rem;align-self:center}.product{grid-template-columns:1fr 1fr}.split{grid-template-columns:1fr 1fr}.quotes{grid-template-columns:repeat(3,1fr)}.checkout{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:2rem;align-items:start}}
`;
}
