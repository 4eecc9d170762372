/* bpp play: the table panel; the agent's beliefs are drawn by the explorer (page.js). */
(function () {
  "use strict";
  const panel = document.getElementById("play");
  let last = null;
  function esc(s) { const d = document.createElement("div"); d.textContent = String(s); return d.innerHTML; }
  function render(st, error) {
    last = st;
    const legal = st.legal || [];
    let h = `<div class="cardsline"><b>You</b> (${esc(st.you_name)}): ${esc(st.your_cards)} &nbsp;·&nbsp; <b>${esc(st.agent_name)}</b>: ${esc(st.agent_cards)}` +
      (st.board ? ` &nbsp;·&nbsp; board: ${esc(st.board)}` : "") + ` &nbsp;·&nbsp; pot ${esc(st.pot)}` + (st.to_call ? `, to call ${esc(st.to_call)}` : "") + `</div>`;
    h += `<div class="msg" id="message">${esc(st.message)}</div>`;
    if (error) h += `<div class="err" id="error">${esc(error)}</div>`;
    h += `<div id="actions">`;
    legal.forEach(a => { h += `<button data-action="${esc(a.name)}">${esc(a.label)}</button>`; });
    if (st.over) h += `<button id="new-hand">next hand</button>`;
    h += `</div>`;
    if (st.learned) h += `<h2>What ${esc(st.agent_name)} learned from this hand</h2><div id="learned">${st.learned_html}</div>`;
    h += `<p class="caption">hand ${esc(st.hand)}, your total ${esc(st.total)}; log: ${esc(st.log.join(" · "))}</p>`;
    panel.innerHTML = h;
    panel.querySelectorAll("button[data-action]").forEach(b => { b.onclick = () => send("/action", { action: b.dataset.action, hand: st.hand, turn: st.turn }); });
    const nb = document.getElementById("new-hand");
    if (nb) nb.onclick = () => send("/new", { hand: st.hand });
    if (st.belief) window.bppExplore.mount(document.getElementById("app"), st.belief, st.belief.steps.length - 1);
    document.body.setAttribute("data-turn", st.turn);
  }
  async function send(url, body) {
    const r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const j = await r.json();
    if (!r.ok) { render(j.state || last, j.error); return; }
    render(j);
  }
  fetch("/state").then(r => r.json()).then(st => render(st));
  window.bppPlay = { send };
})();
