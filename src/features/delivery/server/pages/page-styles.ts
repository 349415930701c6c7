/*
 * The styles of the rider's and the customer's pages, inline in each: a few hundred bytes beat a
 * second request on 2G. Phone first; big touch targets; the contrast of the back-office's palette.
 */
export const PAGE_STYLES = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a202c;background:#f4f5f7}
header{background:#1a3d2e;color:#fff;padding:12px 16px}
header p{margin:0;font-size:14px;opacity:.9}
main{max-width:560px;margin:0 auto;padding:12px}
h1{font-size:22px;margin:4px 0}
h2{font-size:18px;margin:20px 0 8px}
h3{font-size:17px;margin:0 0 4px}
.box{background:#fff;border:1px solid #d8dce2;border-radius:10px;padding:12px;margin:10px 0}
.muted{color:#4a5568;font-size:14px}
.big{font-size:20px;font-weight:700}
.code{font-size:28px;font-weight:700;letter-spacing:4px}
.ok{background:#e6f4ea;border-color:#9ccfae}
.warn{background:#fdecea;border-color:#f0a8a0}
.links{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0}
.links a{flex:1 1 auto;text-align:center;padding:10px;border:1px solid #1a3d2e;border-radius:8px;color:#1a3d2e;text-decoration:none;font-weight:600;min-width:88px}
label{display:block;font-weight:600;margin:10px 0 4px}
input,select{width:100%;font-size:18px;padding:10px;border:1px solid #8a94a3;border-radius:8px;background:#fff}
input[aria-invalid=true]{border-color:#c53030;border-width:2px}
.error{color:#c53030;font-size:14px;margin:4px 0 0}
.buttons{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin-top:12px}
button{font-size:17px;padding:12px 8px;border-radius:8px;border:1px solid #4a5568;background:#fff;color:#1a202c;font-weight:600}
button.primary{grid-column:1/-1;background:#1f6f43;border-color:#1f6f43;color:#fff}
ol.steps{list-style:none;padding:0;margin:8px 0}
ol.steps li{padding:6px 0 6px 28px;position:relative;color:#4a5568}
ol.steps li::before{content:"";position:absolute;left:6px;top:12px;width:12px;height:12px;border-radius:50%;border:2px solid #8a94a3}
ol.steps li.done{color:#1a202c;font-weight:600}
ol.steps li.done::before{background:#1f6f43;border-color:#1f6f43}
ul.plain{list-style:none;padding:0;margin:0}
ul.plain li{padding:8px 0;border-top:1px solid #e2e5ea}
`;
