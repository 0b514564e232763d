/**
 * The criteria the Accessibility Conformance Report answers (ADR 152): every WCAG 2.2 success criterion of
 * levels A and AA, and the 45 recommendations of eMAG 3.1. `auto` marks a criterion whose automated evidence
 * (axe rules, interaction checks, text-browser journeys) is enough to claim "Supports"; every other one needs a
 * person's judgement, recorded in docs/accessibility/manual-checks.json. `emag` lists the WCAG criteria an eMAG
 * recommendation relies on, so its evidence is theirs.
 */
export interface WcagCriterion {
  id: string;
  name: string;
  level: "A" | "AA";
  auto?: boolean;
}

export const WCAG_22: WcagCriterion[] = [
  { id: "1.1.1", name: "Non-text Content", level: "A" },
  { id: "1.2.1", name: "Audio-only and Video-only (Prerecorded)", level: "A" },
  { id: "1.2.2", name: "Captions (Prerecorded)", level: "A" },
  { id: "1.2.3", name: "Audio Description or Media Alternative (Prerecorded)", level: "A" },
  { id: "1.2.4", name: "Captions (Live)", level: "AA" },
  { id: "1.2.5", name: "Audio Description (Prerecorded)", level: "AA" },
  { id: "1.3.1", name: "Info and Relationships", level: "A" },
  { id: "1.3.2", name: "Meaningful Sequence", level: "A" },
  { id: "1.3.3", name: "Sensory Characteristics", level: "A" },
  { id: "1.3.4", name: "Orientation", level: "AA" },
  { id: "1.3.5", name: "Identify Input Purpose", level: "AA" },
  { id: "1.4.1", name: "Use of Color", level: "A" },
  { id: "1.4.2", name: "Audio Control", level: "A" },
  { id: "1.4.3", name: "Contrast (Minimum)", level: "AA" },
  { id: "1.4.4", name: "Resize Text", level: "AA" },
  { id: "1.4.5", name: "Images of Text", level: "AA" },
  { id: "1.4.10", name: "Reflow", level: "AA" },
  { id: "1.4.11", name: "Non-text Contrast", level: "AA" },
  { id: "1.4.12", name: "Text Spacing", level: "AA" },
  { id: "1.4.13", name: "Content on Hover or Focus", level: "AA" },
  { id: "2.1.1", name: "Keyboard", level: "A" },
  { id: "2.1.2", name: "No Keyboard Trap", level: "A" },
  { id: "2.1.4", name: "Character Key Shortcuts", level: "A" },
  { id: "2.2.1", name: "Timing Adjustable", level: "A" },
  { id: "2.2.2", name: "Pause, Stop, Hide", level: "A" },
  { id: "2.3.1", name: "Three Flashes or Below Threshold", level: "A" },
  { id: "2.4.1", name: "Bypass Blocks", level: "A", auto: true },
  { id: "2.4.2", name: "Page Titled", level: "A" },
  { id: "2.4.3", name: "Focus Order", level: "A" },
  { id: "2.4.4", name: "Link Purpose (In Context)", level: "A" },
  { id: "2.4.5", name: "Multiple Ways", level: "AA" },
  { id: "2.4.6", name: "Headings and Labels", level: "AA" },
  { id: "2.4.7", name: "Focus Visible", level: "AA" },
  { id: "2.4.11", name: "Focus Not Obscured (Minimum)", level: "AA" },
  { id: "2.5.1", name: "Pointer Gestures", level: "A" },
  { id: "2.5.2", name: "Pointer Cancellation", level: "A" },
  { id: "2.5.3", name: "Label in Name", level: "A" },
  { id: "2.5.4", name: "Motion Actuation", level: "A" },
  { id: "2.5.7", name: "Dragging Movements", level: "AA" },
  { id: "2.5.8", name: "Target Size (Minimum)", level: "AA" },
  { id: "3.1.1", name: "Language of Page", level: "A", auto: true },
  { id: "3.1.2", name: "Language of Parts", level: "AA" },
  { id: "3.2.1", name: "On Focus", level: "A" },
  { id: "3.2.2", name: "On Input", level: "A" },
  { id: "3.2.3", name: "Consistent Navigation", level: "AA" },
  { id: "3.2.4", name: "Consistent Identification", level: "AA" },
  { id: "3.2.6", name: "Consistent Help", level: "A" },
  { id: "3.3.1", name: "Error Identification", level: "A" },
  { id: "3.3.2", name: "Labels or Instructions", level: "A" },
  { id: "3.3.3", name: "Error Suggestion", level: "AA" },
  { id: "3.3.4", name: "Error Prevention (Legal, Financial, Data)", level: "AA" },
  { id: "3.3.7", name: "Redundant Entry", level: "A" },
  { id: "3.3.8", name: "Accessible Authentication (Minimum)", level: "AA" },
  { id: "4.1.2", name: "Name, Role, Value", level: "A" },
  { id: "4.1.3", name: "Status Messages", level: "AA" },
];

export interface EmagRecommendation {
  id: string;
  section: string;
  name: string;
  /** The WCAG 2.2 criteria whose evidence answers it. */
  wcag: string[];
}

const S = { m: "Marcação", c: "Comportamento", i: "Conteúdo/Informação", a: "Apresentação/Design", mm: "Multimídia", f: "Formulário" };

export const EMAG_31: EmagRecommendation[] = [
  { id: "1.1", section: S.m, name: "Respeitar os Padrões Web", wcag: ["4.1.2"] },
  { id: "1.2", section: S.m, name: "Organizar o código HTML de forma lógica e semântica", wcag: ["1.3.1", "1.3.2"] },
  { id: "1.3", section: S.m, name: "Utilizar corretamente os níveis de cabeçalho", wcag: ["1.3.1", "2.4.6"] },
  { id: "1.4", section: S.m, name: "Ordenar de forma lógica e intuitiva a leitura e tabulação", wcag: ["1.3.2", "2.4.3"] },
  { id: "1.5", section: S.m, name: "Fornecer âncoras para ir direto a um bloco de conteúdo", wcag: ["2.4.1"] },
  { id: "1.6", section: S.m, name: "Não utilizar tabelas para diagramação", wcag: ["1.3.1"] },
  { id: "1.7", section: S.m, name: "Separar links adjacentes", wcag: ["1.3.1"] },
  { id: "1.8", section: S.m, name: "Dividir as áreas de informação", wcag: ["1.3.1", "2.4.1"] },
  { id: "1.9", section: S.m, name: "Não abrir novas instâncias sem a solicitação do usuário", wcag: ["3.2.1", "3.2.2"] },
  { id: "2.1", section: S.c, name: "Disponibilizar todas as funções da página via teclado", wcag: ["2.1.1", "2.1.2"] },
  { id: "2.2", section: S.c, name: "Garantir que os objetos programáveis sejam acessíveis", wcag: ["4.1.2"] },
  { id: "2.3", section: S.c, name: "Não criar páginas com atualização automática periódica", wcag: ["2.2.1", "2.2.2"] },
  { id: "2.4", section: S.c, name: "Não utilizar redirecionamento automático de páginas", wcag: ["2.2.1", "3.2.5"] },
  { id: "2.5", section: S.c, name: "Fornecer alternativa para modificar limite de tempo", wcag: ["2.2.1"] },
  { id: "2.6", section: S.c, name: "Não incluir situações com intermitência de tela", wcag: ["2.3.1"] },
  { id: "2.7", section: S.c, name: "Assegurar o controle do usuário sobre as alterações temporais do conteúdo", wcag: ["2.2.2"] },
  { id: "3.1", section: S.i, name: "Identificar o idioma principal da página", wcag: ["3.1.1"] },
  { id: "3.2", section: S.i, name: "Informar mudança de idioma no conteúdo", wcag: ["3.1.2"] },
  { id: "3.3", section: S.i, name: "Oferecer um título descritivo e informativo à página", wcag: ["2.4.2"] },
  { id: "3.4", section: S.i, name: "Informar o usuário sobre sua localização na página", wcag: ["2.4.8"] },
  { id: "3.5", section: S.i, name: "Descrever links clara e sucintamente", wcag: ["2.4.4"] },
  { id: "3.6", section: S.i, name: "Fornecer alternativa em texto para as imagens do sítio", wcag: ["1.1.1"] },
  { id: "3.7", section: S.i, name: "Utilizar mapas de imagem de forma acessível", wcag: ["1.1.1", "2.1.1"] },
  { id: "3.8", section: S.i, name: "Disponibilizar documentos em formatos acessíveis", wcag: ["1.3.1"] },
  { id: "3.9", section: S.i, name: "Em tabelas, utilizar títulos e resumos de forma apropriada", wcag: ["1.3.1"] },
  { id: "3.10", section: S.i, name: "Associar células de dados às células de cabeçalho", wcag: ["1.3.1"] },
  { id: "3.11", section: S.i, name: "Garantir a leitura e compreensão das informações", wcag: ["3.1.5"] },
  { id: "3.12", section: S.i, name: "Disponibilizar uma explicação para siglas, abreviaturas e palavras incomuns", wcag: ["3.1.3", "3.1.4"] },
  { id: "4.1", section: S.a, name: "Oferecer contraste mínimo entre plano de fundo e primeiro plano", wcag: ["1.4.3", "1.4.11"] },
  {
    id: "4.2",
    section: S.a,
    name: "Não utilizar apenas cor ou outras características sensoriais para diferenciar elementos",
    wcag: ["1.3.3", "1.4.1"],
  },
  { id: "4.3", section: S.a, name: "Permitir redimensionamento de texto sem perda de funcionalidade", wcag: ["1.4.4", "1.4.10"] },
  { id: "4.4", section: S.a, name: "Possibilitar que o elemento com foco seja visualmente evidente", wcag: ["2.4.7", "2.4.11"] },
  { id: "5.1", section: S.mm, name: "Fornecer alternativa para vídeo", wcag: ["1.2.1", "1.2.2"] },
  { id: "5.2", section: S.mm, name: "Fornecer alternativa para áudio", wcag: ["1.2.1"] },
  { id: "5.3", section: S.mm, name: "Oferecer audiodescrição para vídeo pré-gravado", wcag: ["1.2.3", "1.2.5"] },
  { id: "5.4", section: S.mm, name: "Fornecer controle de áudio para som", wcag: ["1.4.2"] },
  { id: "5.5", section: S.mm, name: "Fornecer controle de animação", wcag: ["2.2.2"] },
  { id: "6.1", section: S.f, name: "Fornecer alternativa em texto para os botões de imagem de formulários", wcag: ["1.1.1"] },
  { id: "6.2", section: S.f, name: "Associar etiquetas aos seus campos", wcag: ["1.3.1", "3.3.2"] },
  { id: "6.3", section: S.f, name: "Estabelecer uma ordem lógica de navegação", wcag: ["2.4.3"] },
  { id: "6.4", section: S.f, name: "Não provocar automaticamente alteração no contexto", wcag: ["3.2.1", "3.2.2"] },
  { id: "6.5", section: S.f, name: "Fornecer instruções para entrada de dados", wcag: ["3.3.2"] },
  {
    id: "6.6",
    section: S.f,
    name: "Identificar e descrever erros de entrada de dados e confirmar o envio das informações",
    wcag: ["3.3.1", "3.3.3", "3.3.4"],
  },
  { id: "6.7", section: S.f, name: "Agrupar campos de formulário", wcag: ["1.3.1"] },
  { id: "6.8", section: S.f, name: "Fornecer CAPTCHA humano", wcag: ["1.1.1", "3.3.8"] },
];
