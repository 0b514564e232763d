import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.es.SpanishAnalyzer;
import org.apache.lucene.analysis.fr.FrenchAnalyzer;
import org.apache.lucene.analysis.it.ItalianAnalyzer;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.pt.PortugueseAnalyzer;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopScoreDocCollector;
import org.apache.lucene.store.FSDirectory;

/**
 * The Lucene side of the realistic search bench (bench/realistic-search.ts). Indexes the same titles as
 * Estante (a tab-separated file: id, language, title with subtitle, authors, subjects, other), then answers
 * queries read from standard input, one a line, with: wall nanoseconds, this thread's CPU nanoseconds, the exact
 * number of hits, and the first 20 ids (BM25). Each query word must match (AND): as typed (lower case, accents
 * folded) in the title (boosted) or elsewhere, or by its stem in any of the five languages; the last word of
 * three letters or more also as a prefix, as Estante does.
 */
public class EstanteLucene {
  static final String[] LANGS = {"por", "eng", "spa", "fre", "ita"};

  static Analyzer folding() {
    return new Analyzer() {
      @Override
      protected TokenStreamComponents createComponents(String field) {
        StandardTokenizer t = new StandardTokenizer();
        TokenStream s = new ASCIIFoldingFilter(new LowerCaseFilter(t));
        return new TokenStreamComponents(t, s);
      }
    };
  }

  static Analyzer language(String lang) {
    switch (lang) {
      case "eng": return new EnglishAnalyzer();
      case "spa": return new SpanishAnalyzer();
      case "fre": return new FrenchAnalyzer();
      case "ita": return new ItalianAnalyzer();
      default: return new PortugueseAnalyzer();
    }
  }

  static List<String> tokens(Analyzer a, String field, String text) throws Exception {
    List<String> out = new ArrayList<>();
    try (TokenStream ts = a.tokenStream(field, text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) out.add(term.toString());
      ts.end();
    }
    return out;
  }

  public static void main(String[] args) throws Exception {
    Path docs = Paths.get(args[0]);
    Path dir = Paths.get(args[1]);
    Map<String, Analyzer> perField = new HashMap<>();
    Map<String, Analyzer> stemmers = new HashMap<>();
    for (String l : LANGS) {
      stemmers.put(l, language(l));
      perField.put("stem_" + l, stemmers.get(l));
    }
    Analyzer fold = folding();
    Analyzer analyzer = new PerFieldAnalyzerWrapper(fold, perField);
    long t0 = System.nanoTime();
    int n = 0;
    try (FSDirectory d = FSDirectory.open(dir); IndexWriter w = new IndexWriter(d, new IndexWriterConfig(analyzer).setRAMBufferSizeMB(128))) {
      try (BufferedReader r = Files.newBufferedReader(docs, StandardCharsets.UTF_8)) {
        String line;
        while ((line = r.readLine()) != null) {
          String[] f = line.split("\t", -1);
          if (f.length < 6) continue;
          String lang = java.util.Arrays.asList(LANGS).contains(f[1]) ? f[1] : null;
          Document doc = new Document();
          doc.add(new StoredField("id", Integer.parseInt(f[0])));
          doc.add(new TextField("title", f[2], Field.Store.NO));
          doc.add(new TextField("body", f[3] + " \n " + f[4] + " \n " + f[5], Field.Store.NO));
          String all = f[2] + " \n " + f[3] + " \n " + f[4] + " \n " + f[5];
          // The record's language's stems; a title of unknown language gets all five (as Estante indexes it).
          for (String l : LANGS) if (lang == null || l.equals(lang)) doc.add(new TextField("stem_" + l, all, Field.Store.NO));
          w.addDocument(doc);
          n++;
        }
      }
      w.forceMerge(1);
    }
    PrintStream out = new PrintStream(System.out, true, "UTF-8");
    out.println("indexed " + n + " " + (System.nanoTime() - t0));
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    try (DirectoryReader reader = DirectoryReader.open(FSDirectory.open(dir))) {
      IndexSearcher searcher = new IndexSearcher(reader);
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      String q;
      while ((q = in.readLine()) != null) {
        long w0 = System.nanoTime();
        long c0 = mx.getCurrentThreadCpuTime();
        List<String> ws = tokens(fold, "title", q);
        BooleanQuery.Builder all = new BooleanQuery.Builder();
        for (int i = 0; i < ws.size(); i++) {
          String word = ws.get(i);
          BooleanQuery.Builder alt = new BooleanQuery.Builder();
          alt.add(new BoostQuery(new TermQuery(new Term("title", word)), 3f), BooleanClause.Occur.SHOULD);
          alt.add(new TermQuery(new Term("body", word)), BooleanClause.Occur.SHOULD);
          for (String l : LANGS) for (String s : tokens(stemmers.get(l), "stem_" + l, word)) alt.add(new TermQuery(new Term("stem_" + l, s)), BooleanClause.Occur.SHOULD);
          if (i == ws.size() - 1 && word.length() >= 3) {
            alt.add(new PrefixQuery(new Term("title", word)), BooleanClause.Occur.SHOULD);
            alt.add(new PrefixQuery(new Term("body", word)), BooleanClause.Occur.SHOULD);
          }
          all.add(alt.build(), BooleanClause.Occur.MUST);
        }
        Query query = all.build();
        TopScoreDocCollector c = TopScoreDocCollector.create(20, Integer.MAX_VALUE);
        searcher.search(query, c);
        TopDocs top = c.topDocs();
        StringBuilder ids = new StringBuilder();
        for (ScoreDoc sd : top.scoreDocs) {
          if (ids.length() > 0) ids.append(',');
          ids.append(reader.document(sd.doc).getField("id").numericValue().intValue());
        }
        long cpu = mx.getCurrentThreadCpuTime() - c0;
        long wall = System.nanoTime() - w0;
        out.println(wall + "\t" + cpu + "\t" + top.totalHits.value + "\t" + ids);
      }
    }
  }
}
