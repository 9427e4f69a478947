// The Chart.js plugin that draws ranges (docs/ranges.md): error bars on bar charts (a dataset's
// mqzcapRanges, [low, high] per label, on its own axis; on a stacked chart the positions are the
// stack's, so the top dataset carries the total's range) and a translucent band on line charts.
// Chart.js has no error bars of its own, and the chartjs-chart-error-bars package replaces the bar
// controller (another chart type, which the HTML report's stock Chart.js would not know): a plugin of
// some forty lines draws on the stock charts in Node and in the browser alike.
//
// It is JavaScript source, not a function: the HTML report embeds it in the page as written, and the
// build's keepNames would put a helper the page does not have into a compiled function's text.
export const RANGES_PLUGIN_SOURCE = `({
  id: "mqzcapRanges",
  afterDatasetsDraw: function (chart) {
    var ctx = chart.ctx;
    var sets = chart.data.datasets;
    for (var d = 0; d < sets.length; d++) {
      var ranges = sets[d].mqzcapRanges;
      if (!ranges || !chart.isDatasetVisible(d)) continue;
      var meta = chart.getDatasetMeta(d);
      var scale = chart.scales[meta.yAxisID];
      if (!scale) continue;
      ctx.save();
      if (meta.type === "line") {
        ctx.fillStyle = sets[d].borderColor || "#333333";
        ctx.globalAlpha = 0.18;
        var start = -1;
        for (var i = 0; i <= ranges.length; i++) {
          if (i < ranges.length && ranges[i] && meta.data[i]) {
            if (start < 0) start = i;
            continue;
          }
          if (start >= 0 && i - start > 1) {
            ctx.beginPath();
            for (var k = start; k < i; k++) {
              var yh = scale.getPixelForValue(ranges[k][1]);
              if (k === start) ctx.moveTo(meta.data[k].x, yh);
              else ctx.lineTo(meta.data[k].x, yh);
            }
            for (var m = i - 1; m >= start; m--) ctx.lineTo(meta.data[m].x, scale.getPixelForValue(ranges[m][0]));
            ctx.closePath();
            ctx.fill();
          }
          start = -1;
        }
      } else {
        ctx.strokeStyle = "#222222";
        ctx.lineWidth = 1.5;
        for (var j = 0; j < ranges.length; j++) {
          var r = ranges[j];
          var bar = meta.data[j];
          if (!r || !bar || r[0] === r[1]) continue;
          var yl = scale.getPixelForValue(r[0]);
          var yt = scale.getPixelForValue(r[1]);
          var w = Math.max(3, Math.min(8, (bar.width || 12) / 4));
          ctx.beginPath();
          ctx.moveTo(bar.x, yl);
          ctx.lineTo(bar.x, yt);
          ctx.moveTo(bar.x - w, yl);
          ctx.lineTo(bar.x + w, yl);
          ctx.moveTo(bar.x - w, yt);
          ctx.lineTo(bar.x + w, yt);
          ctx.stroke();
        }
      }
      ctx.restore();
    }
    // Marks (a sweep's: where the binding limit changes): a dashed line across the chart area between
    // the two labels, its text at the top, staggered so that neighbours' texts do not overlap.
    var marks = chart.data.mqzcapMarks;
    var xs = chart.scales.x;
    if (!marks || !xs) return;
    var area = chart.chartArea;
    ctx.save();
    ctx.font = "11px " + (chart.options.font && chart.options.font.family ? chart.options.font.family : "sans-serif");
    ctx.fillStyle = "#7a1f00";
    ctx.strokeStyle = "#7a1f00";
    ctx.lineWidth = 1;
    for (var n = 0; n < marks.length; n++) {
      var at = marks[n].index;
      var x = at > 0 ? (xs.getPixelForValue(at - 1) + xs.getPixelForValue(at)) / 2 : xs.getPixelForValue(0);
      if (at > 0) {
        ctx.setLineDash([5, 4]);
        ctx.beginPath();
        ctx.moveTo(x, area.top);
        ctx.lineTo(x, area.bottom);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      ctx.textAlign = x > area.left + (area.right - area.left) * 0.6 ? "right" : "left";
      ctx.textBaseline = "top";
      ctx.fillText(marks[n].text, x + (ctx.textAlign === "left" ? 4 : -4), area.top + 2 + (n % 3) * 13);
    }
    ctx.restore();
  }
})`;
