// Lighthouse on one page, as the benches read it: its default mobile profile (a mid-range phone,
// simulated slow 4G, 4× CPU slowdown), performance and accessibility, in a Chromium of
// launchChromium's; `cookie` signs the page in.
import lighthouse from 'lighthouse';

/**
 * `throttlingMethod`: 'simulate' (Lighthouse's default: the page loads at full speed, and the phone's
 * figures are computed from that load) or 'devtools' (the page loads on the slowed CPU and network,
 * and the figures are measured).
 */
export async function auditPage(url, chrome, cookie, { throttlingMethod = 'simulate' } = {}) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    throttlingMethod,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const value = (id) => lhr.audits[id].numericValue;
  const requests = lhr.audits['network-requests'].details.items;
  const failures = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score === 0 &&
        lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0),
    )
    .map((a) => `${a.id} (${a.details?.items?.length ?? 0})`);
  return {
    lhr,
    finalUrl: lhr.finalDisplayedUrl,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    js: requests.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + (r.transferSize ?? 0), 0),
    total: requests.reduce((s, r) => s + (r.transferSize ?? 0), 0),
    // Lighthouse 13 names the element in its LCP breakdown: a list whose node item follows the table.
    lcpElement: lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node')
      ?.snippet,
    // Where the LCP's time went (time to first byte, the element's render delay…), in ms.
    lcpParts: (
      lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'table')?.items ?? []
    ).map((i) => ({ label: i.label ?? i.subpart, ms: i.duration })),
    // The load as it was observed, unthrottled, before Lighthouse simulates the phone: a script run
    // before the observed LCP counts in the simulated LCP as if it blocked the paint.
    observed: (({
      observedFirstContentfulPaint,
      observedLargestContentfulPaint,
      observedDomContentLoaded,
    }) => ({
      fcp: observedFirstContentfulPaint,
      lcp: observedLargestContentfulPaint,
      domContentLoaded: observedDomContentLoaded,
    }))(lhr.audits.metrics?.details?.items?.[0] ?? {}),
    failures,
    // Lighthouse's own measure of the machine's CPU (higher is faster): the simulated 4× slowdown is
    // applied to it, so a run on a slower or busier machine scores lower for the same page.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    // Where the main thread's time went: by kind of work, and the heaviest scripts.
    mainThread: (lhr.audits['mainthread-work-breakdown'].details?.items ?? []).map((i) => ({
      label: i.groupLabel ?? i.group,
      ms: i.duration,
    })),
    // The long tasks themselves (TBT is their length past 50 ms each): when, how long, whose.
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((i) => ({
      url: i.url,
      start: i.startTime,
      ms: i.duration,
    })),
    scripts: (lhr.audits['bootup-time'].details?.items ?? []).map((i) => ({
      url: i.url,
      total: i.total,
      scripting: i.scripting,
      parse: i.scriptParseCompile,
    })),
  };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
