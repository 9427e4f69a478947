import { createRequire as __mqzcapRequire } from "node:module"; const require = __mqzcapRequire(import.meta.url);
import{a as z}from"./chunk-ZR2D4ZQK.js";import{f as o,g as m}from"./chunk-5TBQA33C.js";import{a as h,d as $,e as b,g as y}from"./chunk-OW3NQRQB.js";import{d as k}from"./chunk-B3XWRLTJ.js";var v=k(z(),1);import{existsSync as q,readFileSync as R}from"node:fs";import{createRequire as P}from"node:module";import{dirname as u,join as w}from"node:path";import{fileURLToPath as I}from"node:url";var L={"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;","'":"&#39;"};function n(t){return String(t??"").replace(/[&<>"']/g,i=>L[i])}function T(t){return JSON.stringify(t).replace(/</g,"\\u003c")}var d;function H(){if(d!==void 0)return d;let t=[];try{t.push(w(u(P(import.meta.url).resolve("chart.js")),"chart.umd.min.js"))}catch{}for(let e=u(I(import.meta.url));t.push(w(e,"node_modules","chart.js","dist","chart.umd.min.js")),u(e)!==e;e=u(e));let i=t.find(e=>q(e));if(!i)throw new Error("cannot find chart.js/dist/chart.umd.min.js to inline in the HTML report");return d=R(i,"utf8").replace(/<\/script/gi,"<\\/script"),d}var N=`
(function () {
  var configs = JSON.parse(document.getElementById("mqzcap-charts").textContent);
  var background = {
    id: "mqzcapBackground",
    beforeDraw: function (chart) {
      var ctx = chart.ctx;
      ctx.save();
      ctx.globalCompositeOperation = "destination-over";
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, chart.width, chart.height);
      ctx.restore();
    }
  };
  var drawn = {
    id: "mqzcapDrawn",
    afterRender: function (chart) { chart.canvas.setAttribute("data-drawn", "true"); }
  };
  configs.forEach(function (config, i) {
    var canvas = document.getElementById("mqzcap-chart-" + i);
    try {
      config.options.responsive = true;
      config.options.maintainAspectRatio = false;
      delete config.options.devicePixelRatio;
      config.plugins = [background, drawn];
      new Chart(canvas, config);
    } catch (err) {
      canvas.setAttribute("data-drawn", "error");
      console.error("mqzcap: chart " + i + " failed: " + err);
    }
  });
})();
`,O=`
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: #1b1b1b;
  margin: 0 auto; padding: 1.5rem; max-width: 75rem; }
h1 { font-size: 1.5rem; margin-bottom: .25rem; }
h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; }
.muted { color: #555; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
th, td { border: 1px solid #d4d4d4; padding: .3rem .5rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.chart { position: relative; height: 26rem; margin: 1rem 0; }
pre { background: #f6f6f6; padding: .75rem; overflow-x: auto; font-size: .85rem; }
ul.cites { margin: 0; padding-left: 1.1rem; font-size: .85rem; }
.formula { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .85rem; }
.warn { color: #8a4b00; }
.badge { font-size: .75rem; padding: 0 .3rem; border: 1px solid #999; border-radius: .2rem; }
`;function j(t,i,e,r){let s=r.length?`<h2>Charts</h2>
${r.map((l,p)=>`<figure class="chart"><canvas id="mqzcap-chart-${p}" role="img" aria-label="${n(l.title)}"></canvas></figure>`).join(`
`)}`:"",c=r.length?`<script type="application/json" id="mqzcap-charts">${T(r.map(y))}</script>
<script>${H()}</script>
<script>${N}</script>`:"";return`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>${n(t)}</title>
<style>${O}</style>
</head>
<body>
${i}
${s}
${e}
${c}
</body>
</html>
`}function Y(t,i={}){let e=i.title??`mqzcap estimate${t.name?`: ${t.name}`:""}`,r=`<h1>${n(e)}</h1>
<p class="muted">${n(f(t))} \xB7 mqzcap ${n(t.mqzcap)}</p>`,s=[B(t),D(t),J(t),U(t),M(t),`<h2>Config as understood</h2>
<pre>${n((0,v.stringify)(t.config))}</pre>`].join(`
`);return j(e,r,s,[$(t)])}function f(t){let i=t.config.workload;return`MQ ${t.basis.release} on ${t.basis.hardware} \xB7 ${i.pattern}, ${i.persistent?"persistent":"non-persistent"}, ${o(i.messageSize)} byte messages`+(t.totals.rate!==null?` at ${o(t.totals.rate)}/s`:"")}function g(t,i,e=[]){let r=t.map(c=>`<th>${n(c)}</th>`).join(""),s=i.map(c=>`<tr>${c.map((l,p)=>e.includes(p)?`<td class="num">${l}</td>`:`<td>${l}</td>`).join("")}</tr>`);return`<table><thead><tr>${r}</tr></thead><tbody>
${s.join(`
`)}
</tbody></table>`}function B(t){let i=t.totals,e=["<h2>Cost per transaction (CPU microseconds)</h2>"];if(i.costPerTransaction.length===0)e.push("<p>No per-transaction cost items for this config.</p>");else{let r=i.costPerTransaction.map(s=>[n(h[s.addressSpace]??s.addressSpace),n(o(s.baseline)),n(m(s.added)),n(m(s.total))]);r.push(["<strong>all</strong>","",n(m(i.added)),n(m(i.total))]),e.push(g(["address space","baseline","added","total"],r,[1,2,3]))}return i.cpuSecondsPerSecond&&e.push(`<p>CPU at ${n(o(i.rate))}/s: ${n(m(i.cpuSecondsPerSecond,"CPU s/s"))} (${n(m(i.engines))} engines)</p>`),e.join(`
`)}function D(t){if(!t.limits.length)return"";let i=t.limits.map(r=>[n(r.label),n(m(x(r))),n(r.unit),n(r.confidence)]),e=t.bottleneck?`<p><strong>Bottleneck:</strong> ${n(t.bottleneck.label)} (${n(o(t.bottleneck.value,t.bottleneck.unit))})</p>`:"<p>No throughput limit applies, so there is no bottleneck to name.</p>";return`<h2>Limits</h2>
${g(["limit","value","unit","confidence"],i,[1])}
${e}`}var x=t=>({value:t.value,low:t.low??t.value,high:t.high??t.value});function J(t){if(!t.items.length)return`<h2>Line items</h2>
<p>None.</p>`;let i=t.items.map(e=>[`${n(e.label)}<br><span class="muted">${n(e.concern)} \xB7 ${n(e.id)}</span>${e.flags.map(r=>`<br><span class="warn">flag ${n(r.code)}: ${n(r.reason)}</span>`).join("")}`,n(m(x(e))),n(e.unit),`<span class="badge">${n(e.confidence)}</span>`,`<span class="formula">${n(e.formula)}</span>${A(e)}`,E(e.citations)]);return`<h2>Line items</h2>
${g(["item","value","unit","confidence","formula","sources"],i,[1])}`}function A(t){let i=Object.entries(t.inputs).map(([e,r])=>`${n(e)} = ${n(typeof r.value=="number"?o(r.value):String(r.value))}${r.unit?` ${n(r.unit)}`:""} <span class="muted">(${n(r.from)})</span>`);return i.length?`<br><span class="muted">inputs:</span> ${i.join("; ")}`:""}function C(t){return`${t.title}, ${t.section}, seed ${t.source} lines ${t.lines} [${t.id}]${t.userSupplied?" (user-supplied)":""}`}function E(t){return t.length?`<ul class="cites">${t.map(i=>`<li>${n(C(i))}</li>`).join("")}</ul>`:""}function U(t){if(!t.warnings.length)return"";let i=t.warnings.map(e=>`<li class="warn">${n(e.concern)}: ${n(e.message)}${E(e.citations)}</li>`);return`<h2>Warnings (${t.warnings.length})</h2>
<ul>${i.join(`
`)}</ul>`}function M(t){let i=t.gaps.length+t.needsBaseline.length;if(!i)return"";let e=t.gaps.map(s=>{let c=s.charts.map(l=>`<li>the source gives this only as a chart: \u201C${n(l.caption)}\u201D (${n(C(l.citation))})</li>`);return`<li>${n(s.concern)}: ${n(s.message)}${c.length?`<ul class="cites">${c.join("")}</ul>`:""}</li>`}),r=t.needsBaseline.map(s=>`<li>baseline: ${n(s)}</li>`);return`<h2>Gaps (${i})</h2>
<ul>${[...e,...r].join(`
`)}</ul>`}function K(t,i,e,r={}){let s=r.title??`mqzcap diff: ${i.name??"before"} \u2192 ${e.name??"after"}`,c=t.lines.map(a=>[`${n(a.label)}<br><span class="muted">${n(a.key)}</span>`,n(a.kind),n(a.unit),n(o(a.before)),n(o(a.after)),n(a.delta===null?"-":S(a.delta)),n(a.percent===null?"-":`${S(a.percent)}%`),n(a.status)]),l=`<h1>${n(s)}</h1>
<p class="muted">before: ${n(f(i))}<br>after: ${n(f(e))}</p>`,p=["<h2>Changed lines</h2>",t.lines.length?g(["line","kind","unit","before","after","change","change %","status"],c,[3,4,5,6]):"<p>No line changed.</p>",`<p class="muted">${t.unchanged} line(s) unchanged.</p>`].join(`
`);return j(s,l,p,[b(t,i,e)])}function S(t){return t>0?`+${o(t)}`:o(t)}export{C as citationText,n as esc,K as renderDiffHtml,Y as renderHtml};
