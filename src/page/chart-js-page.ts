// Chart.js's text for an HTML report made in the live page: the page's own copy (the <script> it runs),
// so the page carries Chart.js once. Node reads it from a file instead (src/report/chart-js-file.ts).
export function chartJsSource(): string {
  const text = document.getElementById("mqzcap-chartjs")?.textContent;
  if (!text) throw new Error("the page has no Chart.js script to put in the report");
  return text;
}
