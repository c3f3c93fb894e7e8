// Codemojex web page. Every text from the server goes in through textContent, never innerHTML,
// so a player name such as <script> shows as text.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  let game = null;
  let keyboard = [];
  let picked = [];

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  async function api(method, path, body) {
    const res = await fetch(path, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
      const msg = data && data.error ? data.error : ('HTTP ' + res.status);
      throw new Error(msg);
    }
    return data;
  }

  function say(text) { $('message').textContent = text; }

  function renderKeyboard() {
    const k = $('keyboard');
    k.replaceChildren();
    keyboard.forEach((emoji) => {
      const b = el('button', emoji);
      b.type = 'button';
      b.dataset.emoji = emoji;
      b.addEventListener('click', () => { if (picked.length < 6) { picked.push(emoji); renderSlots(); } });
      k.appendChild(b);
    });
    renderSlots();
  }

  function renderSlots() {
    const s = $('slots');
    s.replaceChildren();
    for (let i = 0; i < 6; i++) s.appendChild(el('span', picked[i] || ''));
    $('guess').disabled = !(game && picked.length === 6);
  }

  async function useGame(id) {
    const g = await api('GET', '/games/' + encodeURIComponent(id));
    game = g.game;
    keyboard = g.keyboard;
    picked = [];
    $('gameInfo').textContent = 'Game ' + g.game + ' in room ' + g.room + ' (' + g.status + ')'
      + (g.status === 'settled' ? ', cracked by ' + g.winner + ': ' + g.secret.join('') : '');
    history.replaceState(null, '', '?game=' + encodeURIComponent(game));
    renderKeyboard();
    refresh();
  }

  async function openGame() {
    try {
      const g = await api('POST', '/rooms', { room: $('room').value });
      await useGame(g.game);
      say('Opened game ' + g.game + '. Pick six emojis.');
    } catch (e) { say(e.message); }
  }

  function renderBreakdown(score) {
    const t = $('breakdown');
    const body = t.querySelector('tbody');
    body.replaceChildren();
    score.positions.forEach((p) => {
      const tr = el('tr');
      tr.appendChild(el('td', String(p.position + 1)));
      tr.appendChild(el('td', p.emoji));
      tr.appendChild(el('td', p.status, p.status));
      tr.appendChild(el('td', String(p.points)));
      body.appendChild(tr);
    });
    t.classList.remove('hidden');
  }

  async function submitGuess() {
    if (!game || picked.length !== 6) return;
    try {
      const r = await api('POST', '/games/' + encodeURIComponent(game) + '/guesses',
        { player: $('player').value, guess: picked.join('') });
      say('Guess sent, scoring…');
      picked = [];
      renderSlots();
      for (let i = 0; i < 50; i++) {
        const s = await api('GET', '/games/' + encodeURIComponent(game) + '/guesses/' + r.guessId);
        if (s.status === 'scored') {
          say('Scored ' + s.total + ' / ' + s.max + ' (' + s.percentage + '%), your best ' + s.best
            + (s.cracked ? '. You cracked it!' : '.'));
          renderBreakdown(s);
          refresh();
          return;
        }
        if (s.status === 'rejected') { say('Not scored: ' + s.reason); return; }
        await new Promise((ok) => setTimeout(ok, 200));
      }
      say('Still scoring; it will show on the board.');
    } catch (e) { say(e.message); }
  }

  async function refresh() {
    try {
      if (game) {
        const b = await api('GET', '/games/' + encodeURIComponent(game) + '/board?top=10');
        const list = $('board');
        list.replaceChildren();
        b.board.forEach((r) => list.appendChild(el('li', r.player + ' — ' + r.best)));
      }
      const f = await api('GET', '/feed?since=1h');
      $('feedTotals').textContent = f.guesses + (f.guesses === 1 ? ' guess' : ' guesses') + ' by ' + f.players
          + (f.players === 1 ? ' player' : ' players') + ' in the last hour';
      const feed = $('feed');
      feed.replaceChildren();
      f.items.forEach((i) => feed.appendChild(el('li',
        new Date(i.at).toLocaleTimeString() + ' ' + i.player + ' scored ' + i.total + ' in ' + i.game)));
    } catch (e) { /* the next tick tries again */ }
  }

  $('open').addEventListener('click', openGame);
  $('joinBtn').addEventListener('click', () => useGame($('join').value.trim()).catch((e) => say(e.message)));
  $('clear').addEventListener('click', () => { picked = []; renderSlots(); });
  $('guess').addEventListener('click', submitGuess);
  const fromUrl = new URLSearchParams(location.search).get('game');
  if (fromUrl) useGame(fromUrl).catch((e) => say(e.message));
  renderSlots();
  refresh();
  setInterval(refresh, 1000);
})();
