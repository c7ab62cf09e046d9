import fs from 'node:fs';
const p = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const nodes = new Map(p.nodes.map(n => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map(); let total = 0;
p.samples.forEach((id, i) => { const dt = p.timeDeltas[i] ?? 0; const n0 = nodes.get(id); if (n0.callFrame.functionName === '(idle)') return; total += dt; const seen = new Set(); let cur = id; while (cur !== undefined) { const n = nodes.get(cur); const key = `${n.callFrame.functionName} ${n.callFrame.url.replace(/.*\//,'')}:${n.callFrame.lineNumber}`; if (!seen.has(key)) { seen.add(key); incl.set(key, (incl.get(key) ?? 0) + dt); } cur = parent.get(cur); } });
const rows = [...incl].sort((a,b)=>b[1]-a[1]).filter(([k])=>new RegExp(process.argv[3] ?? '.').test(k)).slice(0, Number(process.argv[4] ?? 60));
for (const [k,v] of rows) console.log((100*v/total).toFixed(1).padStart(6)+'%  '+k);
