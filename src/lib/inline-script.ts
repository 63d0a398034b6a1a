import { createHash } from 'node:crypto';
import { FLASH_KEY } from './flash';
import { JOIN_KEY, JOIN_WAIT_MS, SESSION_CHANNEL } from './session-channel';

/** Astro's `Astro.csp` (present when `security.csp` is on, as it is in astro.config.mjs). */
interface CspApi {
  insertScriptHash(hash: `sha256-${string}`): void;
}

/**
 * An `is:inline` script's text, allowed by the page's Content-Security-Policy. Astro hashes the
 * scripts it bundles and its own island loaders; scripts written inline (which must run before
 * first paint, or where the page is parsed) are not processed, so their hash is added here
 * through Astro's own CSP API. Render the result with `<script is:inline set:html={code} />`:
 * the hash is of exactly that text. Call it in a page's or layout's frontmatter (before <head>
 * is rendered).
 */
export function allowInlineScript(csp: CspApi | undefined, code: string): string {
  csp?.insertScriptHash(`sha256-${createHash('sha256').update(code).digest('base64')}`);
  return code;
}

/**
 * zod compiles object parsers with `new Function` when it may; it probes that once, when the
 * first object schema is made, and under a policy without 'unsafe-eval' the probe is refused and
 * reported as a violation. Set before any module runs, this global config makes zod skip it.
 */
export const ZOD_NO_EVAL_SCRIPT = 'globalThis.__zod_globalConfig={jitless:true};';

/**
 * Before first paint: a stored member session turns the header's static visitor buttons into
 * skeletons (header-session.css), so a member never sees 'Giriş Yap' flash; a stored VIP end in the
 * future (html.hs-vip) hides every upsell for an active VIP from the first frame, and a stored waiting
 * VIP request (html.hs-vip-pending) draws the VIP page's 'waiting' banner in it. Keys: src/lib/session.ts.
 */
const STORED_SESSION = `var l=localStorage,s=sessionStorage;var m=l.getItem('authToken')||s.getItem('authToken')||l.getItem('refreshToken')||s.getItem('refreshToken')||s.getItem('${JOIN_KEY}');`;

/**
 * A new tab of the browser joins the session of an open tab (issue 50): without "Beni hatırla" the
 * session lives in one tab's sessionStorage (spec 000 §3.8), so a tab opened from a share link or a
 * long-press would start as a visitor. With no session stored, the page asks once on a
 * BroadcastChannel (same origin, same browser only); an open member tab offers its refresh token
 * (src/lib/session.ts), kept here under JOIN_KEY until the session exchanges it for the tab's own
 * (POST /api/auth/join). `window.__gnyJoin` resolves true when a session was offered within
 * JOIN_WAIT_MS, false otherwise; every head script of the page shares the one question. When the
 * browser closes, every tab's sessionStorage goes with it: the session still ends with the browser.
 */
const JOIN_ASK = `var J=window.__gnyJoin||(window.__gnyJoin=new Promise(function(r){try{if(!window.BroadcastChannel)return r(false);var c=new BroadcastChannel('${SESSION_CHANNEL}'),t=setTimeout(function(){c.close();r(false)},${JOIN_WAIT_MS});c.onmessage=function(e){var d=e.data;if(d&&d.type==='offer'&&typeof d.refreshToken==='string'&&d.user&&!s.getItem('authToken')){clearTimeout(t);c.close();s.setItem('${JOIN_KEY}',d.refreshToken);s.setItem('userData',JSON.stringify(d.user));if(d.vipUntil)s.setItem('vipUntil',d.vipUntil);r(true)}};c.postMessage({type:'ask'})}catch(e){r(false)}}));`;

/** The member classes of <html> from what is stored (`k()`), after a join too. */
const MEMBER_CLASSES = "function k(){var c=document.documentElement.classList;c.add('hs-member');var v=Date.parse(l.getItem('vipUntil')||s.getItem('vipUntil')||'');if(v>Date.now())c.add('hs-vip');if(l.getItem('vipPending')||s.getItem('vipPending'))c.add('hs-vip-pending')}";
export const MEMBER_CLASS_SCRIPT = `try{${STORED_SESSION}${MEMBER_CLASSES}if(m)k();else{${JOIN_ASK}J.then(function(j){if(j)k()})}}catch(e){}`;

/**
 * Puts the scripts of every <template data-after-load> in the page (components/AfterLoad.astro says
 * which and why) once the page has loaded and its main picture (DeferredImage's `first`, the one with
 * fetchpriority=high) is decoded and a frame has been drawn: at the load event the picture may still
 * be decoding, and the scripts and their imports then competed with its first paint. A picture that
 * fails to decode does not hold them back; in a background tab they wait until it is shown.
 */
export const AFTER_LOAD_LOADER = "(function(){function go(){document.querySelectorAll('template[data-after-load]').forEach(function(t){t.remove();document.body.append(document.importNode(t.content,true))})}function painted(){var i=document.querySelector('img[fetchpriority=high]');(i&&i.decode?i.decode().catch(function(){}):Promise.resolve()).then(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}if(document.readyState==='complete')painted();else addEventListener('load',painted,{once:true})})();";

/**
 * Right after the header's <template data-member-header> (Header.astro): puts the member view's
 * script in the page, where it runs, when a member session is stored (html.hs-member, set above),
 * when the previous page left a toast, or later when someone signs in on this page (the session
 * adds hs-member then). A visitor's header is complete in the HTML, so a visitor's page fetches
 * nothing for it. Registered with the page's CSP by PublicLayout.
 */
export const MEMBER_HEADER_LOADER = `(function(){var r=document.documentElement,t=document.querySelector('template[data-member-header]'),o;if(!t)return;function go(){if(o)o.disconnect();t.remove();document.body.append(document.importNode(t.content,true))}var f=false;try{f=sessionStorage.getItem(${JSON.stringify(FLASH_KEY)})!==null}catch(e){}if(r.classList.contains('hs-member')||f)return go();o=new MutationObserver(function(){if(r.classList.contains('hs-member'))go()});o.observe(r,{attributes:true,attributeFilter:['class']})})();`;

/**
 * Pages a visitor may not use (spec 001 §2: member screens send them to /giris; spec 000 §2.12: a
 * protected article to /vip-uyari or /giris), in <head>: a visitor leaves before the page's island
 * is even requested (the VIP packages page downloaded 159 KB of it first, issue 21; a premium
 * article downloaded React only to be told to leave). A stored but stale session still reaches the
 * island, which sends it on as before.
 */
export function visitorAwayScript(target: string): string {
  // At once, before the page's own scripts load: a new tab that could join an open tab's session
  // does so on the sign-in page, which then sends it back (LoginForm.astro).
  return `try{${STORED_SESSION}if(!m)location.replace(${JSON.stringify(target)})}catch(e){}`;
}

/**
 * A VIP article's wall (issue 50), drawn in place from the first frame for a reader with no stored
 * session (html.hs-walled shows the page's static wall instead of the body); a new tab that joins an
 * open tab's session takes it away again, and the body island decides for a member.
 */
export const WALL_SCRIPT = `try{${STORED_SESSION}if(!m){var w=document.documentElement.classList;w.add('hs-walled');${JOIN_ASK}J.then(function(j){if(j)w.remove('hs-walled')})}}catch(e){}`;
export const VISITOR_TO_LOGIN_SCRIPT = visitorAwayScript('/giris');

/**
 * Picks the tense of the static page's race-estimate lock lines by the reader's clock (the page
 * was built earlier), right after the list so the words are in place before they are painted; a
 * reader who keeps the page open sees it turn at the lock (components/article/LockTense.astro).
 */
export function lockTenseScript(texts: { locked: string; upcoming: string }): string {
  return `(function tense(texts){var next=Infinity;document.querySelectorAll('.estimate__lock[data-lock-at]').forEach(function(line){var at=Date.parse(line.getAttribute('data-lock-at'));var locked=Date.now()>=at;if(!locked)next=Math.min(next,at-Date.now());line.classList.toggle('is-locked',locked);var label=line.querySelector('.estimate__lock-label');if(label)label.textContent=locked?texts.locked:texts.upcoming;});if(next<2147483647)setTimeout(function(){tense(texts);},next+50);})(${JSON.stringify(texts)});`;
}
