import Database from 'better-sqlite3';
const db = new Database('/tmp/p/site.db', { readonly: true });
const ids = db.prepare("select id from posts where kind='news' and status='published' order by created_at desc, id desc limit 15").raw().all().map(r=>r[0]);
const cols = "id, kind, title_en, title_fa, description_en, CAST(description_fa AS BLOB), image, category, country, status, publish_at, image_alt_en, image_alt_fa, image_caption_en, image_caption_fa, image_credit, image_credit_fa, slug_en, slug_fa, review_requested_at, byline, created_at, updated_at";
const variants = {
  full: `select ${cols} from posts where id in (${ids.join(',')}) order by created_at desc, id desc`,
  textFa: `select ${cols.replace('CAST(description_fa AS BLOB)','description_fa')} from posts where id in (${ids.join(',')}) order by created_at desc, id desc`,
  idsOnly: `select id from posts where id in (${ids.join(',')}) order by created_at desc, id desc`,
  noDesc: `select ${cols.replace('description_en, CAST(description_fa AS BLOB), ','')} from posts where id in (${ids.join(',')}) order by created_at desc, id desc`,
};
for (let round=0; round<3; round++) for (const [name, text] of Object.entries(variants)) {
  const st = db.prepare(text).raw();
  for (let i=0;i<2000;i++) st.all();
  const t=process.hrtime.bigint(); const N=10000;
  for (let i=0;i<N;i++) st.all();
  console.log(name, (Number(process.hrtime.bigint()-t)/N/1000).toFixed(1),'µs');
}
