/**
 * Candidates' CVs (issue 22, decision 185): `candidate_files` rows with the text a reader would have extracted,
 * about 4 kB each, made by PostgreSQL itself as the rest of the dataset. A CV is a header (the candidate's name,
 * address and title), a skills line and five jobs of eight sentences, then two degrees, in English or in French.
 * Skills are the tag names, the first ones far more often (Java in many CVs); sentences are drawn from a list
 * whose later entries are rarer, and a job has one of a few rare sentences with a 1.5% chance, so Kubernetes
 * (kept out of the skills) and "machine learning" are each in a few percent of CVs, as on the peer's 150,000
 * resumes where "kubernetes" was rare and "java" common. Only the database's rows are made: no object is stored.
 */
import {
  CV_RARE_SENTENCES_EN,
  CV_RARE_SENTENCES_FR,
  CV_SCHOOLS,
  CV_SENTENCES_EN,
  CV_SENTENCES_FR,
} from './cv-words.ts';

/** What cvs.ts needs of the organisation generator.ts made. */
export type CvSources = {
  candidates: number;
  cvs: number;
  licenceId: number;
  skills: readonly string[];
  titles: readonly string[];
  companies: readonly string[];
  cities: readonly string[];
  /** SQL: the hash draw in [0, 1) of an int8 expression and a salt (generator.ts `draw`). */
  draw: (n: string, salt: number) => string;
};

/** CVs a statement writes: 4 kB each, and two stemmed vectors of it, per row. */
const CV_BATCH = 20_000;

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (list: readonly string[]) => `array[${list.map(literal).join(',')}]::text[]`;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Which candidates have a CV: the i-th candidate of this seed (0-based, by id) has one when (i * m) mod N < cvs,
 * m coprime with N and near N times the golden ratio's inverse, so that the chosen ones are spread evenly over
 * the list (Fibonacci hashing), and there are `cvs` of them when ids are consecutive.
 */
function spreadingStep(n: number) {
  let m = Math.max(1, Math.round(n * 0.618_033_988_7));
  while (gcd(m, n) !== 1) m += 1;
  return m;
}

/** The INSERT ... SELECT statements that write the CVs of the candidates with ids after `after`, in batches. */
export function cvStatements(s: CvSources, ids: { after: number; last: number }) {
  const N = s.candidates;
  const cvs = Math.min(s.cvs, N);
  if (N === 0 || cvs === 0) return [];
  const u = s.draw;
  const m = spreadingStep(N);
  const pick = (list: string, length: number, n: string, salt: number, skew = 1) =>
    `(${list})[1 + floor(${skew === 1 ? u(n, salt) : `power(${u(n, salt)}, ${skew})`} * ${length})::int]`;
  const skills = textArray(s.skills.filter((skill) => skill !== 'Kubernetes'));
  const skillCount = s.skills.filter((skill) => skill !== 'Kubernetes').length;
  const titles = textArray(s.titles);
  const companies = textArray(s.companies);
  const cities = textArray(s.cities);
  const en = textArray(CV_SENTENCES_EN);
  const fr = textArray(CV_SENTENCES_FR);
  const schools = textArray(CV_SCHOOLS);
  // Candidate id, job j (1..5), sentence k (1..8): draws keyed on r * 64 + j * 8 + k.
  const sentence = (list: string, length: number) => pick(list, length, 'c.id * 64 + j * 8 + k', 60, 1.7);
  const rare = (list: readonly string[]) =>
    `case when ${u('c.id * 8 + j', 69)} < 0.015 then ' ' || ${pick(textArray(list), list.length, 'c.id * 8 + j', 70)} else '' end`;
  const job = (list: string, length: number, french: boolean) => `(select string_agg(
        ${pick(titles, s.titles.length, 'c.id * 8 + j', 61)} || ${literal(french ? ' chez ' : ' at ')} ||
        ${pick(companies, s.companies.length, 'c.id * 8 + j', 62)} || ', ' ||
        ${pick(cities, s.cities.length, 'c.id * 8 + j', 63)} || ', ' || (2024 - 3 * j) || '-' || (2027 - 3 * j) ||
        E'.\\n' || (select string_agg(${sentence(list, length)}, ' ') from generate_series(1, 8) k) ||
        ${rare(french ? CV_RARE_SENTENCES_FR : CV_RARE_SENTENCES_EN)}, E'\\n\\n')
      from generate_series(1, 5) j)`;
  const skillLine = `(select string_agg(distinct ${pick(skills, skillCount, 'c.id * 16 + k', 64, 2.2)}, ', ')
      from generate_series(1, 9) k)`;
  const school = (salt: number) => pick(schools, CV_SCHOOLS.length, 'c.id', salt);
  const text = `case when ${u('c.id', 65)} < 0.35
      then concat_ws(E'\\n', c.first_name || ' ' || c.last_name, split_part(c.contact_text, ' ', 1),
        ${pick(titles, s.titles.length, 'c.id', 66)}, '', 'Compétences : ' || ${skillLine}, '',
        'Expérience professionnelle', ${job(fr, CV_SENTENCES_FR.length, true)}, '', 'Formation',
        ${school(67)}, ${school(68)})
      else concat_ws(E'\\n', c.first_name || ' ' || c.last_name, split_part(c.contact_text, ' ', 1),
        ${pick(titles, s.titles.length, 'c.id', 66)}, '', 'Skills: ' || ${skillLine}, '',
        'Experience', ${job(en, CV_SENTENCES_EN.length, false)}, '', 'Education', ${school(67)}, ${school(68)})
    end`;

  const statements: { text: string; size: number }[] = [];
  const first = ids.after + 1;
  for (let from = first; from <= ids.last; from += CV_BATCH * Math.max(1, Math.floor(N / cvs))) {
    const to = Math.min(ids.last, from + CV_BATCH * Math.max(1, Math.floor(N / cvs)) - 1);
    statements.push({
      size: Math.round(((to - from + 1) * cvs) / N),
      text: `
      insert into candidate_files (licence_id, candidate_id, name, storage_key, media_type, size, is_cv, text,
        text_state, created_at)
      select ${s.licenceId}, id, 'cv-' || id || '.pdf', md5(${s.licenceId} || '-cv-' || id), 'application/pdf',
        octet_length(text) * 3, true, text, 'done', created_at
      from (
        select c.id, c.created_at, ${text} as text
        from candidates c
        where c.licence_id = ${s.licenceId} and c.id between ${from} and ${to}
          and ((c.id - ${first})::int8 * ${m}) % ${N} < ${cvs}
      ) made`,
    });
  }
  return statements;
}
