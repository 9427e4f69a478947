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
  }
})`;
