/* bpp belief explorer: exact inference and drawing, no dependencies (embedded by bpp.explore.page). */
(function () {
  "use strict";

  // ---------------------------------------------------------------- exact inference (variable elimination)
  // A factor: vars (node indices, the FIRST varying fastest), card, v (Float64Array).
  function strides(card) {
    const s = []; let m = 1;
    for (let i = 0; i < card.length; i++) { s.push(m); m *= card[i]; }
    return s;
  }
  function product(a, b) {
    const vars = a.vars.slice(), card = a.card.slice();
    b.vars.forEach((x, i) => { if (vars.indexOf(x) < 0) { vars.push(x); card.push(b.card[i]); } });
    let n = 1; for (const c of card) n *= c;
    const sa = strides(a.card), sb = strides(b.card);
    const A = vars.map(x => { const i = a.vars.indexOf(x); return i < 0 ? 0 : sa[i]; });
    const B = vars.map(x => { const i = b.vars.indexOf(x); return i < 0 ? 0 : sb[i]; });
    const v = new Float64Array(n), asg = new Int32Array(vars.length);
    let j = 0, k = 0;
    for (let i = 0; i < n; i++) {
      v[i] = a.v[j] * b.v[k];
      for (let l = 0; l < vars.length; l++) {
        asg[l]++;
        if (asg[l] === card[l]) { asg[l] = 0; j -= (card[l] - 1) * A[l]; k -= (card[l] - 1) * B[l]; }
        else { j += A[l]; k += B[l]; break; }
      }
    }
    return { vars, card, v };
  }
  // Sum variable x out of f; with state s given, keep only the entries where x = s (evidence).
  function marginalize(f, x, s) {
    const idx = f.vars.indexOf(x);
    if (idx < 0) return f;
    const vars = f.vars.filter((_, i) => i !== idx), card = f.card.filter((_, i) => i !== idx);
    const rs = strides(card);
    const R = f.vars.map((_, i) => (i === idx ? 0 : rs[i < idx ? i : i - 1]));
    let n = 1; for (const c of card) n *= c;
    const out = new Float64Array(n), asg = new Int32Array(f.vars.length);
    let k = 0;
    for (let i = 0; i < f.v.length; i++) {
      if (s === undefined || asg[idx] === s) out[k] += f.v[i];
      for (let l = 0; l < f.vars.length; l++) {
        asg[l]++;
        if (asg[l] === f.card[l]) { asg[l] = 0; k -= (f.card[l] - 1) * R[l]; }
        else { k += R[l]; break; }
      }
    }
    return { vars, card, v: out };
  }
  // The CPT of node i as a factor: pgmpy's layout is row-major over [child, parent1, ..., parentK].
  function cptFactor(net, i) {
    const node = net.nodes[i];
    const order = [i].concat(node.parents.map(p => net.index[p]));
    const vars = order.slice().reverse();
    const card = vars.map(j => net.nodes[j].states.length);
    return { vars, card, v: Float64Array.from(node.cpt) };
  }
  function prepare(net) {
    if (net.factors) return net;
    net.index = {};
    net.nodes.forEach((n, i) => { net.index[n.name] = i; });
    net.factors = net.nodes.map((_, i) => cptFactor(net, i));
    return net;
  }
  // Exact posteriors of every node given evidence {nodeName: stateIndex}; returns {name: Float64Array} (NaN if P(e) = 0).
  function posteriors(net, evidence) {
    prepare(net);
    const ev = {};
    for (const name in evidence) if (evidence[name] !== null && evidence[name] !== undefined) ev[net.index[name]] = evidence[name];
    let reduced = net.factors.map(f => {
      let g = f;
      for (const x of f.vars) if (x in ev) g = marginalize(g, x, ev[x]);
      return g;
    });
    const out = {};
    const hidden = net.nodes.map((_, i) => i).filter(i => !(i in ev));
    for (let q = 0; q < net.nodes.length; q++) {
      const n = net.nodes[q].states.length;
      if (q in ev) { const p = new Float64Array(n); p[ev[q]] = 1; out[net.nodes[q].name] = p; continue; }
      let fs = reduced.slice();
      const todo = hidden.filter(i => i !== q);
      while (todo.length) {
        // greedy: eliminate the variable whose product is smallest
        let best = -1, bestSize = Infinity;
        for (const x of todo) {
          let size = 1; const seen = {};
          for (const f of fs) if (f.vars.indexOf(x) >= 0) f.vars.forEach((y, i) => { if (!seen[y]) { seen[y] = 1; size *= f.card[i]; } });
          if (size < bestSize) { bestSize = size; best = x; }
        }
        todo.splice(todo.indexOf(best), 1);
        const use = fs.filter(f => f.vars.indexOf(best) >= 0);
        fs = fs.filter(f => f.vars.indexOf(best) < 0);
        if (!use.length) continue;
        let g = use[0];
        for (let i = 1; i < use.length; i++) g = product(g, use[i]);
        fs.push(marginalize(g, best));
      }
      let g = { vars: [], card: [], v: Float64Array.from([1]) };
      for (const f of fs) g = product(g, f);
      const p = new Float64Array(n);
      if (g.vars.length === 0) { p.fill(g.v[0] / n); } else { for (let i = 0; i < n; i++) p[i] = g.v[i]; }
      let total = 0; for (const x of p) total += x;
      for (let i = 0; i < n; i++) p[i] = total > 0 ? p[i] / total : NaN;
      out[net.nodes[q].name] = p;
    }
    return out;
  }

  // ---------------------------------------------------------------- helpers
  const $ = (sel, root) => (root || document).querySelector(sel);
  function el(tag, attrs, parent) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) {
      if (k === "text") e.textContent = attrs[k];
      else if (k === "cls") e.className = attrs[k];
      else e.setAttribute(k, attrs[k]);
    }
    if (parent) parent.appendChild(e);
    return e;
  }
  const SVG = "http://www.w3.org/2000/svg";
  function sv(tag, attrs, parent) {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  // scroll the timeline (only it: scrollIntoView would also scroll a notebook around the page's iframe)
  function showChip(chip) {
    const tl = chip.parentNode, left = chip.offsetLeft - tl.offsetLeft;
    if (left < tl.scrollLeft) tl.scrollLeft = left - 8;
    else if (left + chip.offsetWidth > tl.scrollLeft + tl.clientWidth) tl.scrollLeft = left + chip.offsetWidth - tl.clientWidth + 8;
  }
  const pct = p => (isNaN(p) ? "—" : (100 * p).toFixed(p >= 0.995 || p < 0.001 ? 0 : 1) + "%");
  const fmt = (x, d) => (x === null || x === undefined || isNaN(x) ? "—" : Number(x).toFixed(d === undefined ? 3 : d));

  // ---------------------------------------------------------------- the stud explorer (a network per step)
  function StudExplorer(root, data) {
    this.root = root; this.data = data; this.step = 0; this.whatIf = null; this.lastMs = null;
    this.build();
    this.go(0);
  }
  StudExplorer.prototype.build = function () {
    const d = this.data, root = this.root, self = this;
    root.innerHTML = "";
    const head = el("header", {}, root);
    el("h1", { text: d.title }, head);
    el("p", { cls: "sub", text: d.subtitle }, head);
    const controls = el("div", { cls: "controls" }, root);
    this.prevBtn = el("button", { id: "prev", title: "previous step (←)", text: "◀ prev" }, controls);
    this.slider = el("input", { id: "slider", type: "range", min: 0, max: d.steps.length - 1, value: 0 }, controls);
    this.nextBtn = el("button", { id: "next", title: "next step (→)", text: "next ▶" }, controls);
    this.stepLabel = el("span", { id: "step-label", cls: "step-label" }, controls);
    this.resetBtn = el("button", { id: "reset", text: "reset evidence", title: "back to the evidence of this step" }, controls);
    this.status = el("span", { id: "status", cls: "status" }, controls);
    this.prevBtn.onclick = () => this.go(this.step - 1);
    this.nextBtn.onclick = () => this.go(this.step + 1);
    this.slider.oninput = () => this.go(+this.slider.value);
    this.resetBtn.onclick = () => { this.whatIf = null; this.render(); };
    const tl = el("ol", { cls: "timeline", id: "timeline" }, root);
    this.chips = d.steps.map((s, i) => {
      const li = el("li", { cls: "chip " + s.kind + (s.actor ? " " + s.actor.toLowerCase() : ""), "data-step": i, title: s.label }, tl);
      el("span", { cls: "n", text: i + 1 }, li);
      el("span", { text: s.short || s.label }, li);
      li.onclick = () => this.go(i);
      return li;
    });
    const main = el("div", { cls: "main" }, root);
    const left = el("section", { cls: "netpanel" }, main);
    el("h2", { text: d.network_title || "The agent's network" }, left);
    el("p", { cls: "hint", text: "Click a state to set it as evidence (click again to clear); every posterior is recomputed exactly in this page." }, left);
    this.netBox = el("div", { cls: "net", id: "net" }, left);
    const right = el("section", { cls: "side" }, main);
    this.sidePanels = right;
    el("h2", { text: "P(BPP_Win) and θ over the hand" }, right);
    this.chart = el("div", { cls: "chart", id: "pwin-chart" }, right);
    el("h2", { text: "BPP's betting curves at this step" }, right);
    this.curves = el("div", { cls: "curves", id: "curves" }, right);
    if (d.card) {
      el("h2", { text: "OPP_Down: posterior by rank and suit" }, right);
      this.cardGrid = el("div", { cls: "cardgrid", id: "card-grid" }, right);
      el("h2", { text: "OPP_Rel: the opponent's hand against BPP's up cards" }, right);
      this.relBox = el("div", { cls: "relbox", id: "relation" }, right);
    }
    this.evidenceBox = el("div", { cls: "evidence", id: "evidence" }, right);
    window.addEventListener("resize", () => this.drawArcs());
    this.drawChart();
  };
  StudExplorer.prototype.go = function (i) {
    const n = this.data.steps.length;
    i = Math.max(0, Math.min(n - 1, i));
    const netChanged = this.currentNet !== this.data.steps[i].net;
    this.step = i; this.whatIf = null;
    this.slider.value = i;
    this.chips.forEach((c, j) => c.classList.toggle("current", j === i));
    showChip(this.chips[i]);
    if (netChanged) this.layoutNet(this.data.steps[i].net);
    this.render();
  };
  StudExplorer.prototype.evidence = function () {
    const s = this.data.steps[this.step];
    return this.whatIf ? this.whatIf : Object.assign({}, s.evidence);
  };
  StudExplorer.prototype.layoutNet = function (k) {
    const net = this.data.networks[k], box = this.netBox;
    this.currentNet = k;
    prepare(net);
    box.innerHTML = "";
    this.arcSvg = sv("svg", { class: "arcs" }, box);
    const defs = sv("defs", {}, this.arcSvg);
    const m = sv("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" }, defs);
    sv("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#56607a" }, m);
    this.nodeEls = {};
    let maxX = 0, maxY = 0;
    net.nodes.forEach(node => {
      const div = el("div", { cls: "node", "data-node": node.name }, box);
      div.style.left = node.x + "px"; div.style.top = node.y + "px";
      if (node.width) div.style.width = node.width + "px";
      const title = el("div", { cls: "title" }, div);
      el("span", { cls: "name", text: node.name }, title);
      el("span", { cls: "value" }, title);
      const rows = el("div", { cls: "rows" }, div);
      const shown = node.top ? node.top : node.states.length;
      node._rows = [];
      for (let r = 0; r < shown; r++) {
        const row = el("div", { cls: "row" }, rows);
        el("span", { cls: "lab" }, row);
        const track = el("span", { cls: "track" }, row);
        el("span", { cls: "bar" }, track);
        el("span", { cls: "num" }, row);
        row.onclick = () => this.toggle(node.name, +row.getAttribute("data-index"));
        node._rows.push(row);
      }
      if (node.top) el("div", { cls: "more" }, div);
      this.nodeEls[node.name] = div;
      maxX = Math.max(maxX, node.x + (node.width || 190)); maxY = Math.max(maxY, node.y + 34 + 13.5 * shown);
    });
    box.style.width = (maxX + 10) + "px";
    box.style.height = (maxY + 20) + "px";
    this.drawArcs();
  };
  StudExplorer.prototype.drawArcs = function () {
    const net = this.data.networks[this.currentNet];
    if (!net || !this.arcSvg) return;
    const svg = this.arcSvg;
    svg.querySelectorAll("path.arc").forEach(p => p.remove());
    const rect = name => { const e = this.nodeEls[name]; return { x: e.offsetLeft, y: e.offsetTop, w: e.offsetWidth, h: e.offsetHeight }; };
    svg.setAttribute("width", this.netBox.scrollWidth); svg.setAttribute("height", this.netBox.scrollHeight);
    const clip = (r, tx, ty) => { // where the line from the centre of r towards (tx, ty) leaves r
      const cx = r.x + r.w / 2, cy = r.y + r.h / 2, dx = tx - cx, dy = ty - cy;
      const t = Math.min(Math.abs(r.w / 2 / (dx || 1e-9)), Math.abs(r.h / 2 / (dy || 1e-9)));
      return [cx + dx * t, cy + dy * t];
    };
    net.nodes.forEach(node => node.parents.forEach(p => {
      const a = rect(p), b = rect(node.name);
      const ac = [a.x + a.w / 2, a.y + a.h / 2], bc = [b.x + b.w / 2, b.y + b.h / 2];
      const s = clip(a, bc[0], bc[1]), e = clip(b, ac[0], ac[1]);
      sv("path", { class: "arc", d: `M ${s[0]} ${s[1]} L ${e[0]} ${e[1]}`, "marker-end": "url(#arrow)" }, svg);
    }));
  };
  StudExplorer.prototype.toggle = function (name, state) {
    const t0 = performance.now();
    const ev = this.evidence();
    if (ev[name] === state) delete ev[name]; else ev[name] = state;
    const net = this.data.networks[this.currentNet];
    const post = posteriors(net, ev);
    if (Object.values(post).some(p => isNaN(p[0]))) {
      this.status.textContent = `impossible evidence: ${name} = ${net.nodes[net.index[name]].labels[state]} has probability 0 here`;
      this.status.className = "status warn";
      return;
    }
    this.whatIf = ev;
    this.render(post);
    this.lastMs = performance.now() - t0;
    this.root.setAttribute("data-last-update-ms", this.lastMs.toFixed(2));
    this.status.className = "status";
    this.status.textContent = `what-if: ${Object.keys(ev).length} evidence node(s), recomputed in ${this.lastMs.toFixed(1)} ms`;
  };
  StudExplorer.prototype.render = function (post) {
    const d = this.data, s = d.steps[this.step], net = d.networks[this.currentNet];
    const ev = this.evidence();
    post = post || posteriors(net, ev);
    this.post = post;
    this.stepLabel.textContent = `step ${this.step + 1}/${d.steps.length}: ${s.label}`;
    this.root.setAttribute("data-step", this.step);
    this.root.classList.toggle("whatif", !!this.whatIf);
    if (!this.whatIf) { this.status.className = "status"; this.status.textContent = s.note || ""; }
    net.nodes.forEach(node => {
      const div = this.nodeEls[node.name], p = post[node.name];
      const observed = node.name in ev;
      div.classList.toggle("observed", observed);
      div.classList.toggle("changed", !!this.whatIf && (this.data.steps[this.step].evidence[node.name] !== ev[node.name]));
      let order = node.states.map((_, i) => i);
      if (node.top) order = order.sort((a, b) => p[b] - p[a]).slice(0, node.top);
      // nodes with many states (OPP_Down) scale their bars to the likeliest state, so small differences show
      const scale = node.top && !observed ? Math.max(...order.map(i => p[i])) || 1 : 1;
      div.querySelector(".value").textContent = observed ? "= " + node.labels[ev[node.name]] : "";
      node._rows.forEach((row, r) => {
        const i = order[r];
        row.setAttribute("data-index", i);
        row.setAttribute("data-state", node.states[i]);
        row.setAttribute("data-p", String(p[i]));
        row.classList.toggle("on", observed && ev[node.name] === i);
        row.querySelector(".lab").textContent = node.labels[i];
        row.querySelector(".bar").style.width = (100 * (isNaN(p[i]) ? 0 : p[i] / scale)).toFixed(2) + "%";
        row.querySelector(".num").textContent = pct(p[i]);
        row.title = `${node.name} = ${node.labels[i]}: P = ${isNaN(p[i]) ? "—" : p[i].toFixed(4)} (click: set / clear evidence)`;
      });
      const more = div.querySelector(".more");
      if (more) more.textContent = `top ${node.top} of ${node.states.length} states; bars scaled to the largest`;
    });
    this.drawChart();
    this.drawCurves();
    if (d.card) this.drawCards(post);
    this.drawEvidence(ev);
  };
  StudExplorer.prototype.drawChart = function () {
    const d = this.data, box = this.chart, W = 430, H = 190, L = 40, R = 10, T = 10, B = 28;
    box.innerHTML = "";
    const svg = sv("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}` }, box);
    const n = d.steps.length, x = i => L + (n > 1 ? i * (W - L - R) / (n - 1) : (W - L - R) / 2), y = p => T + (1 - p) * (H - T - B);
    [0, 0.25, 0.5, 0.75, 1].forEach(v => {
      sv("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }, svg);
      sv("text", { x: L - 6, y: y(v) + 4, class: "axis", "text-anchor": "end" }, svg).textContent = v.toFixed(2);
    });
    // rounds as bands
    let start = 0;
    for (let i = 1; i <= n; i++) if (i === n || d.steps[i].round !== d.steps[start].round) {
      const x0 = x(start) - 4, x1 = x(i - 1) + 4;
      sv("rect", { x: x0, y: T, width: Math.max(1, x1 - x0), height: H - T - B, class: "band r" + d.steps[start].round }, svg);
      sv("text", { x: (x0 + x1) / 2, y: H - 10, class: "axis", "text-anchor": "middle" }, svg).textContent = "round " + (d.steps[start].round + 1);
      start = i;
    }
    const line = (key, cls) => {
      sv("path", { class: "line " + cls, d: d.steps.map((s, i) => (i ? "L" : "M") + x(i) + " " + y(s[key])).join(" ") }, svg);
      d.steps.forEach((s, i) => sv("circle", { cx: x(i), cy: y(s[key]), r: i === this.step ? 5 : 2.5, class: "dot " + cls }, svg));
    };
    line("theta", "theta"); line("p_win", "pwin");
    sv("line", { x1: x(this.step), x2: x(this.step), y1: T, y2: H - B, class: "cursor" }, svg);
    const lg = sv("g", { transform: `translate(${L + 8},${T + 6})` }, svg);
    sv("rect", { x: 0, y: 0, width: 10, height: 3, class: "key pwin" }, lg);
    sv("text", { x: 14, y: 5, class: "axis" }, lg).textContent = "P(BPP_Win)";
    sv("rect", { x: 90, y: 0, width: 10, height: 3, class: "key theta" }, lg);
    sv("text", { x: 104, y: 5, class: "axis" }, lg).textContent = "θ (eq. 7)";
    const s = d.steps[this.step];
    const p = this.post && this.post.BPP_Win;
    const live = p ? p[1] : s.p_win;
    const cap = el("div", { cls: "caption" }, box);
    cap.textContent = `this step: P(win) = ${fmt(s.p_win)}, θ = ${fmt(s.theta)}` + (this.whatIf && p ? `; what-if P(win) = ${fmt(live)}` : "");
  };
  StudExplorer.prototype.drawCurves = function () {
    const s = this.data.steps[this.step], box = this.curves;
    box.innerHTML = "";
    const names = ["fold", "check/call", "bet/raise"];
    s.probs.forEach((p, i) => {
      const row = el("div", { cls: "crow" }, box);
      el("span", { cls: "lab", text: names[i] }, row);
      const t = el("span", { cls: "track" }, row);
      const b = el("span", { cls: "bar a" + i }, t);
      b.style.width = (100 * p).toFixed(1) + "%";
      el("span", { cls: "num", text: pct(p) }, row);
    });
    el("div", { cls: "caption", text: `P(win) − θ = ${fmt(s.p_win - s.theta)} → the curves of round ${s.round + 1}` + (s.decision ? `; ${s.decision}` : "") }, box);
  };
  StudExplorer.prototype.drawCards = function (post) {
    const net = this.data.networks[this.currentNet], box = this.cardGrid, p = post.OPP_Down;
    box.innerHTML = "";
    const node = net.nodes[net.index.OPP_Down];
    const ranks = "AKQJT98765432".split(""), suits = ["s", "h", "d", "c"], sym = { s: "♠", h: "♥", d: "♦", c: "♣" };
    const byCard = {}; node.labels.forEach((l, i) => { byCard[l] = p[i]; });
    let max = 0; for (const v of p) max = Math.max(max, v);
    const table = el("table", { cls: "cards" }, box);
    const hr = el("tr", {}, table); el("th", {}, hr);
    ranks.forEach(r => el("th", { text: r }, hr));
    el("th", { text: "Σ" }, hr);
    suits.forEach(su => {
      const tr = el("tr", {}, table);
      el("th", { cls: "suit " + su, text: sym[su] }, tr);
      let total = 0;
      ranks.forEach(r => {
        const c = r + su, v = byCard[c];
        const td = el("td", { "data-card": c }, tr);
        if (v === undefined) { td.className = "seen"; td.title = c + ": seen (not a candidate)"; return; }
        total += v;
        td.style.background = `rgba(37, 99, 235, ${max > 0 ? (0.08 + 0.92 * v / max).toFixed(3) : 0})`;
        td.style.color = v / max > 0.55 ? "#fff" : "#1e293b";
        td.textContent = (100 * v).toFixed(1);
        td.title = `${c}: P(OPP_Down) = ${v.toFixed(4)}`;
      });
      el("td", { cls: "sum", text: (100 * total).toFixed(1) }, tr);
    });
    const tr = el("tr", {}, table); el("th", { text: "Σ" }, tr);
    ranks.forEach(r => { let t = 0; suits.forEach(su => { t += byCard[r + su] || 0; }); el("td", { cls: "sum", text: (100 * t).toFixed(1) }, tr); });
    el("td", {}, tr);
    el("div", { cls: "caption", text: "percent; grey: cards BPP has seen (its own, the opponent's up cards)" }, box);
    // relation nodes
    const rb = this.relBox; rb.innerHTML = "";
    const rels = net.nodes.filter(n => n.name.indexOf("OPP_Rel") === 0);
    if (!rels.length) { rb.textContent = "no decision of the opponent yet: OPP_Rel nodes appear with its first action"; return; }
    rels.forEach(n => {
      const q = post[n.name], row = el("div", { cls: "relrow" }, rb);
      el("span", { cls: "lab", text: n.title || n.name }, row);
      const segs = el("span", { cls: "segs" }, row);
      n.labels.forEach((l, i) => {
        const seg = el("span", { cls: "seg s" + i, title: `${l}: ${q[i].toFixed(4)}` }, segs);
        seg.style.width = (100 * q[i]).toFixed(2) + "%";
        if (q[i] > 0.12) seg.textContent = `${l} ${pct(q[i])}`;
      });
    });
  };
  StudExplorer.prototype.drawEvidence = function (ev) {
    const s = this.data.steps[this.step], box = this.evidenceBox, net = this.data.networks[this.currentNet];
    box.innerHTML = "";
    el("h2", { text: this.whatIf ? "Evidence (what-if)" : "Evidence at this step" }, box);
    const ul = el("ul", {}, box);
    Object.keys(ev).forEach(k => el("li", { text: `${k} = ${net.nodes[net.index[k]].labels[ev[k]]}` }, ul));
    if (!Object.keys(ev).length) el("li", { text: "none" }, ul);
    if (s.cards) el("p", { cls: "caption", text: s.cards }, box);
  };

  // ---------------------------------------------------------------- the hold'em explorer (weight tables)
  function HoldemExplorer(root, data) {
    this.root = root; this.data = data; this.step = 0;
    this.build(); this.go(0);
  }
  HoldemExplorer.prototype.build = function () {
    const d = this.data, root = this.root;
    root.innerHTML = "";
    const head = el("header", {}, root);
    el("h1", { text: d.title }, head);
    el("p", { cls: "sub", text: d.subtitle }, head);
    const controls = el("div", { cls: "controls" }, root);
    this.prevBtn = el("button", { id: "prev", text: "◀ prev" }, controls);
    this.slider = el("input", { id: "slider", type: "range", min: 0, max: d.steps.length - 1, value: 0 }, controls);
    this.nextBtn = el("button", { id: "next", text: "next ▶" }, controls);
    this.stepLabel = el("span", { id: "step-label", cls: "step-label" }, controls);
    this.prevBtn.onclick = () => this.go(this.step - 1);
    this.nextBtn.onclick = () => this.go(this.step + 1);
    this.slider.oninput = () => this.go(+this.slider.value);
    const tl = el("ol", { cls: "timeline", id: "timeline" }, root);
    this.chips = d.steps.map((s, i) => {
      const li = el("li", { cls: "chip " + s.kind, "data-step": i, title: s.label }, tl);
      el("span", { cls: "n", text: i + 1 }, li);
      el("span", { text: s.short || s.label }, li);
      li.onclick = () => this.go(i);
      return li;
    });
    this.table = el("div", { cls: "tablebar", id: "table" }, root);
    const main = el("div", { cls: "main" }, root);
    this.grids = el("section", { cls: "grids", id: "grids" }, main);
    const side = el("section", { cls: "side" }, main);
    el("h2", { text: "Evaluation against the weight tables" }, side);
    this.evalBox = el("div", { cls: "evalbox", id: "evaluation" }, side);
    el("h2", { text: "The action node's CPT that did the update" }, side);
    this.cptBox = el("div", { cls: "cptbox", id: "cpt" }, side);
    this.tip = document.getElementById("tip") || el("div", { cls: "tip", id: "tip" }, document.body);
  };
  HoldemExplorer.prototype.go = function (i) {
    const n = this.data.steps.length;
    this.step = Math.max(0, Math.min(n - 1, i));
    this.slider.value = this.step;
    this.chips.forEach((c, j) => c.classList.toggle("current", j === this.step));
    showChip(this.chips[this.step]);
    this.root.setAttribute("data-step", this.step);
    this.render();
  };
  // mean weight per class over its live holdings, and the holdings of each class
  HoldemExplorer.prototype.classGrid = function (w) {
    const d = this.data, sums = new Float64Array(169), counts = new Float64Array(169);
    for (let h = 0; h < 1326; h++) if (w[h] >= 0) { sums[d.cls[h]] += w[h]; counts[d.cls[h]] += 1; }
    const g = new Float64Array(169);
    let top = 0;
    for (let c = 0; c < 169; c++) { g[c] = counts[c] ? sums[c] / counts[c] : 0; top = Math.max(top, g[c]); }
    return { g, top, sums };
  };
  HoldemExplorer.prototype.drawGrid = function (parent, seat, w, prevW, title, cls) {
    const d = this.data, box = el("div", { cls: "gridbox " + (cls || ""), "data-seat": seat }, parent);
    el("h3", { text: title }, box);
    const { g, top } = this.classGrid(w);
    const table = el("table", { cls: "wgrid" }, box);
    const ranks = "AKQJT98765432";
    let total = 0; for (let h = 0; h < 1326; h++) if (w[h] > 0) total += w[h];
    for (let r = 0; r < 13; r++) {
      const tr = el("tr", {}, table);
      for (let c = 0; c < 13; c++) {
        const k = r * 13 + c, v = top > 0 ? g[k] / top : 0;
        const td = el("td", { "data-class": d.classNames[k], "data-w": String(g[k]) }, tr);
        td.style.background = `rgba(180, 35, 24, ${(0.04 + 0.96 * v).toFixed(3)})`;
        td.style.color = v > 0.5 ? "#fff" : "#475569";
        td.textContent = d.classNames[k];
        td.onmousemove = e => this.hover(e, seat, k, w, total, prevW);
        td.onmouseleave = () => { this.tip.style.display = "none"; };
      }
    }
    return box;
  };
  HoldemExplorer.prototype.hover = function (e, seat, k, w, total, prevW) {
    const d = this.data, tip = this.tip;
    const rows = [];
    for (let h = 0; h < 1326; h++) if (d.cls[h] === k) rows.push(h);
    let html = `<b>${d.classNames[k]}</b> — ${d.seatNames[seat]}<table><tr><th>holding</th><th>weight</th><th>P</th>${prevW ? "<th>before</th>" : ""}</tr>`;
    rows.forEach(h => {
      const dead = w[h] < 0;
      html += `<tr class="${dead ? "dead" : ""}"><td>${d.holdings[h]}</td><td>${dead ? "dead" : w[h].toFixed(3)}</td><td>${dead ? "" : (100 * w[h] / total).toFixed(2) + "%"}</td>${prevW ? `<td>${prevW[h] < 0 ? "dead" : prevW[h].toFixed(3)}</td>` : ""}</tr>`;
    });
    tip.innerHTML = html + "</table>";
    tip.style.display = "block";
    tip.style.left = (e.pageX + 14) + "px"; tip.style.top = (e.pageY + 14) + "px";
  };
  HoldemExplorer.prototype.weights = function (i, seat) {
    const id = this.data.steps[i].tables[seat];
    return id === undefined || id === null ? null : this.data.pool[id];
  };
  HoldemExplorer.prototype.render = function () {
    const d = this.data, s = d.steps[this.step];
    this.stepLabel.textContent = `step ${this.step + 1}/${d.steps.length}: ${s.label}`;
    this.table.innerHTML = "";
    el("span", { cls: "board", text: "board: " + (s.board || "—") }, this.table);
    d.seats.forEach(seat => {
      const t = el("span", { cls: "seat" + (s.folded.indexOf(seat) >= 0 ? " folded" : "") + (seat === s.actor ? " acting" : "") }, this.table);
      t.textContent = `${d.seatNames[seat]}${d.holes[seat] ? " " + d.holes[seat] : ""}`;
    });
    this.grids.innerHTML = "";
    el("h2", { text: `${d.observerName}'s weight table of each opponent (mean weight per class; darker = heavier)` }, this.grids);
    const wrap = el("div", { cls: "gridwrap" }, this.grids);
    d.opponents.forEach(seat => {
      const w = this.weights(this.step, seat);
      if (!w) return;
      const prev = this.step > 0 ? this.weights(this.step - 1, seat) : null;
      const changed = s.actor === seat && s.kind === "action";
      this.drawGrid(wrap, seat, w, prev && prev !== w ? prev : null,
        `${d.seatNames[seat]}${s.folded.indexOf(seat) >= 0 ? " (folded)" : ""}${changed ? " — re-weighted" : ""}`, changed ? "changed" : "");
    });
    // evaluation
    const ev = s.evaluation, eb = this.evalBox;
    eb.innerHTML = "";
    if (!ev) { el("p", { cls: "caption", text: s.round === 0 ? "pre-flop: Loki's pre-flop strategy uses income rates (no HS/Ppot/Npot before the flop)" : `${d.observerName} has folded: nothing left to evaluate` }, eb); }
    else {
      el("p", { cls: "caption", text: `${ev.who} holding ${ev.hole} on ${s.board}, against each opponent's weights (Billings1998 §4.2–4.4):` }, eb);
      const t = el("table", { cls: "evaltable" }, eb);
      const hr = el("tr", {}, t); ["opponent", "HS", "Ppot", "Npot", "EHS"].forEach(h => el("th", { text: h }, hr));
      ev.rows.forEach(r => { const tr = el("tr", {}, t); [r.name, fmt(r.hs), fmt(r.ppot), fmt(r.npot), fmt(r.ehs)].forEach(v => el("td", { text: v }, tr)); });
      const tr = el("tr", { cls: "total" }, t);
      ["all (HS_n, Ppot, –, EHS)", fmt(ev.hs_n), fmt(ev.ppot_all), "", fmt(ev.ehs)].forEach(v => el("td", { text: v }, tr));
    }
    // CPT of the update
    const cb = this.cptBox; cb.innerHTML = "";
    if (!s.cpt) { el("p", { cls: "caption", text: "no re-weighting at this step (select an opponent's action)" }, cb); }
    else {
      el("p", { cls: "caption", text: `P(${s.cpt.action} | holding) for ${d.seatNames[s.actor]}, context: ${s.cpt.context}. The table was multiplied by this column: w ← w · P(action | holding).` }, cb);
      const { g } = this.classGrid(s.cpt.column);
      const table = el("table", { cls: "wgrid cpt" }, cb);
      for (let r = 0; r < 13; r++) {
        const tr = el("tr", {}, table);
        for (let c = 0; c < 13; c++) {
          const k = r * 13 + c, td = el("td", { "data-class": d.classNames[k], title: `${d.classNames[k]}: P(${s.cpt.action}) = ${g[k].toFixed(3)}` }, tr);
          td.style.background = `rgba(14, 116, 144, ${(0.04 + 0.96 * g[k]).toFixed(3)})`;
          td.style.color = g[k] > 0.5 ? "#fff" : "#475569";
          td.textContent = (100 * g[k]).toFixed(0);
        }
      }
      if (s.cpt.triple) el("p", { cls: "caption", text: `triple (fold, call, raise) at ${d.seatNames[s.actor]}'s real holding ${s.cpt.hole}: ${s.cpt.triple.map(x => x.toFixed(3)).join(" / ")}` }, cb);
      else if (s.cpt.note) el("p", { cls: "caption", text: s.cpt.note }, cb);
    }
  };

  // ---------------------------------------------------------------- entry point
  let keysBound = false;
  function mount(root, data, step) {
    root.classList.add("bpp-explorer");
    const x = data.kind === "holdem" ? new HoldemExplorer(root, data) : new StudExplorer(root, data);
    window.bppExplorer = x;
    if (step !== undefined) x.go(step);
    if (!keysBound) { // one handler for the page, whichever explorer is mounted
      keysBound = true;
      document.addEventListener("keydown", e => {
        const t = e.target;
        if (t && (t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && t.type !== "range"))) return;
        const x = window.bppExplorer;
        if (!x) return;
        if (e.key === "ArrowRight") { x.go(x.step + 1); e.preventDefault(); }
        else if (e.key === "ArrowLeft") { x.go(x.step - 1); e.preventDefault(); }
      });
    }
    return x;
  }
  window.bppExplore = { mount, posteriors };
  const src = document.getElementById("bpp-data");
  if (src) mount(document.getElementById("app"), JSON.parse(src.textContent));
})();
