// The vigil dashboard: sessions, context bars, the report timeline and recent events, kept
// live by the server's event stream (/api/stream). Plain browser JavaScript, no build step.
"use strict";

const MAX_EVENTS = 200;
const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("data-")) node.setAttribute(k, v);
    else node[k] = v;
  }
  for (const c of children) node.append(c);
  return node;
}

const fmt = (n) => (n === null || n === undefined ? "-" : n.toLocaleString("en-US"));

function ago(iso) {
  const s = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86400)}d ago`;
}

async function getJson(url) {
  const res = await fetch(url, { credentials: "same-origin" });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

function contextBar(s) {
  const win = s.window || 0;
  const pct = (n) => (win && n !== null ? Math.min(100, (n / win) * 100) : 0);
  const bar = el("div", {
    class: "bar",
    title: `tokens ${fmt(s.tokens)}, estimate ${fmt(s.estimate)}, window ${fmt(win)}`,
  });
  const est = el("i", { class: "est" });
  est.style.width = `${pct(s.estimate)}%`;
  const tok = el("i", { class: "tok" });
  tok.style.width = `${pct(s.tokens)}%`;
  bar.append(est, tok);
  const label = win ? `${fmt(s.tokens)} / ${fmt(win)} (${Math.round(pct(s.tokens))}%)` : fmt(s.tokens);
  return el("div", { class: "ctx" }, bar, el("span", { class: "bar-label" }, label));
}

function renderSessions(list) {
  const body = $("sessions").querySelector("tbody");
  body.replaceChildren(
    ...list.map((s) =>
      el(
        "tr",
        { "data-session": s.session_id, "data-state": s.state, "data-awaiting": s.awaiting ?? "" },
        el("td", { class: "mono", title: s.session_id }, s.session_id.slice(0, 8)),
        el("td", {}, s.role + (s.agent_type && s.agent_type !== s.role ? `:${s.agent_type}` : "")),
        el(
          "td",
          {},
          el("span", { class: `state ${s.state}` }, s.state),
          s.new_session_needed ? " new session needed" : "",
          // Waiting on a person is not stalled: nothing pushes it (product.md section 7).
          s.awaiting ? el("span", { class: "awaiting" }, ` awaiting ${s.awaiting}`) : "",
        ),
        el("td", {}, contextBar(s)),
        el("td", { "data-updated": s.updated_at }, ago(s.updated_at)),
        el("td", { class: "mono" }, s.cwd ?? "-"),
      )
    ),
  );
  $("session-count").textContent = `(${list.length})`;
  $("no-sessions").hidden = list.length > 0;
}

function summary(e) {
  const d = e.detail ?? {};
  if (e.kind === "hook") {
    return [d.event, d.tool, d.state, d.decision ? `${d.decision} ${d.rule}` : ""].filter(Boolean).join(" ");
  }
  if (e.kind === "state") return `${d.from} → ${d.to} (${d.event ?? ""})`;
  const text = JSON.stringify(d);
  return text.length > 160 ? text.slice(0, 159) + "…" : text;
}

function eventItem(e, fresh) {
  return el(
    "li",
    { "data-event-id": String(e.id), "data-kind": e.kind, class: fresh ? "new" : "" },
    el("code", {}, e.at.slice(11, 19)),
    " ",
    el("code", {}, (e.session_id ?? "-").slice(0, 8)),
    " ",
    el("span", { class: "kind" }, e.kind),
    summary(e),
  );
}

function addEvents(events, fresh) {
  const list = $("events");
  for (const e of events) {
    if (list.querySelector(`[data-event-id="${e.id}"]`)) continue;
    list.prepend(eventItem(e, fresh));
  }
  while (list.children.length > MAX_EVENTS) list.lastElementChild.remove();
}

async function refresh() {
  const [sessions, svg] = await Promise.all([
    getJson("/api/sessions"),
    fetch("/api/timeline.svg?since=12h", { credentials: "same-origin" }).then((r) => r.text()),
  ]);
  renderSessions(sessions);
  $("timeline").innerHTML = svg;
}

let pending = null;
function refreshSoon() {
  if (pending) return;
  pending = setTimeout(() => {
    pending = null;
    refresh().catch(showError);
  }, 250);
}

function showError(err) {
  $("live").dataset.state = "down";
  $("live").textContent = `error: ${err.message ?? err}`;
}

function connect(after) {
  // Resume right after the events already shown; reconnects send Last-Event-ID themselves.
  const source = new EventSource(`/api/stream?after=${after}`);
  source.addEventListener("hello", () => {
    $("live").dataset.state = "live";
    $("live").textContent = "live";
  });
  source.addEventListener("events", (msg) => {
    addEvents(JSON.parse(msg.data), true);
    refreshSoon();
  });
  source.onerror = () => {
    $("live").dataset.state = "down";
    $("live").textContent = "reconnecting";
  };
}

async function showProof() {
  const p = await getJson("/api/proof");
  $("proof").dataset.state = p.state;
  $("proof").textContent = `proof: ${p.text}`;
}

async function start() {
  await refresh();
  showProof().catch(() => {}); // an older serve has no /api/proof: nothing to show
  const recent = await getJson("/api/events?limit=100");
  addEvents(recent, false);
  connect(recent.length ? recent[recent.length - 1].id : 0);
  setInterval(() => {
    for (const td of document.querySelectorAll("td[data-updated]")) td.textContent = ago(td.dataset.updated);
  }, 10_000);
}

start().catch(showError);
