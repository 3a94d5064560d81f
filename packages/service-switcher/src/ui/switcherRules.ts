/**
 * The switcher's part of a rule, as text ('' for none): a style rule whose selector names an
 * `ics-` class or attribute or that sets an `--ics-` token; the switcher's part of a
 * conditional group (`@media`, `@supports`); any other rule that names `ics-` (`@keyframes`).
 * A host's own rule that only uses the tokens stays out of the frame.
 */
function switcherRule(rule: CSSRule): string {
  if ('selectorText' in rule && 'style' in rule) {
    const style = rule as CSSStyleRule;
    const ours =
      style.selectorText.includes('ics-') ||
      Array.from(style.style).some((property) => property.startsWith('--ics-'));
    return ours ? rule.cssText : '';
  }
  if ('conditionText' in rule && 'cssRules' in rule) {
    const inner = Array.from((rule as CSSConditionRule).cssRules, switcherRule).join('');
    return inner ? `${rule.cssText.slice(0, rule.cssText.indexOf('{'))}{${inner}}` : '';
  }
  return rule.cssText.includes('ics-') ? rule.cssText : '';
}

/**
 * The switcher's rules among the host page's stylesheets, for the frame (so no stylesheet is
 * downloaded twice): the rules `switcherRule` keeps, copied into one constructed stylesheet
 * (which a `style-src 'self'` policy allows); a stylesheet the page may not read (another
 * origin) is linked by its address instead.
 */
export function switcherRules(frameDoc: Document, host: Document | undefined) {
  const hrefs: string[] = [];
  const rules: string[] = [];
  for (const sheet of host?.styleSheets ?? []) {
    let list: CSSRuleList;
    try {
      list = sheet.cssRules;
    } catch {
      if (sheet.href) hrefs.push(sheet.href);
      continue;
    }
    for (const rule of list) rules.push(switcherRule(rule));
  }
  const text = rules.join('');
  const apply = () => {
    const view = frameDoc.defaultView;
    if (view && 'adoptedStyleSheets' in frameDoc && typeof view.CSSStyleSheet === 'function') {
      const sheet = new view.CSSStyleSheet();
      sheet.replaceSync(text);
      frameDoc.adoptedStyleSheets = [sheet];
    } else {
      frameDoc.head.append(Object.assign(frameDoc.createElement('style'), { textContent: text }));
    }
  };
  return { hrefs, apply };
}
