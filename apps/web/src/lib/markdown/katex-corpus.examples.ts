/**
 * Formulas katex-to-hast is checked on (katex-to-hast.test.ts) and timed on
 * (bench/web/katex-to-hast.ts): every kind of node KaTeX builds, and its errors.
 */
export interface Formula {
  tex: string;
  display: boolean;
}

const BOTH = [
  // Fractions, roots, scripts.
  String.raw`\frac{a+b}{c-d}`,
  String.raw`\dfrac{1}{2} + \tfrac{3}{4} + \cfrac{1}{1+\cfrac{1}{x}}`,
  String.raw`\binom{n}{k} = \frac{n!}{k!\,(n-k)!}`,
  String.raw`\sqrt{2} + \sqrt[3]{x^2+1} + \sqrt{\frac{a}{b}}`,
  String.raw`\sqrt{\sqrt{\sqrt{\frac{\frac{1}{2}}{\frac{3}{4}}}}}`,
  String.raw`x_i^2 + y_{j,k}^{n+1} + {}^{14}_{6}\mathrm{C}`,
  String.raw`e^{i\pi} + 1 = 0`,
  // Big operators with limits.
  String.raw`\sum_{i=1}^{n} i = \frac{n(n+1)}{2}`,
  String.raw`\int_0^\infty e^{-x^2}\,dx = \frac{\sqrt{\pi}}{2}`,
  String.raw`\iint_D f\,dA + \oint_C \vec F\cdot d\vec r + \oiint_S \mathbf{F}\cdot d\mathbf{S}`,
  String.raw`\prod_{p\ \text{prime}} \frac{1}{1-p^{-s}}`,
  String.raw`\lim_{x \to 0} \frac{\sin x}{x} = 1`,
  String.raw`\bigcup_{k=1}^{\infty} A_k \cap \bigoplus_{i} V_i`,
  // Matrices, arrays, aligned.
  String.raw`\begin{pmatrix} a & b \\ c & d \end{pmatrix}`,
  String.raw`\begin{bmatrix} 1 & 0 & 0 \\ 0 & 1 & 0 \\ 0 & 0 & 1 \end{bmatrix}`,
  String.raw`\begin{vmatrix} a & b \\ c & d \end{vmatrix} = ad - bc`,
  String.raw`\begin{array}{c|lr} n & \text{left} & \text{right} \\ \hline 1 & a & b \\ 2 & c & d \end{array}`,
  String.raw`\begin{aligned} f(x) &= (x+1)^2 \\ &= x^2 + 2x + 1 \end{aligned}`,
  String.raw`f(x) = \begin{cases} x & x \ge 0 \\ -x & x < 0 \end{cases}`,
  String.raw`\begin{smallmatrix} a & b \\ c & d \end{smallmatrix}`,
  String.raw`\begin{gathered} a = b \\ c = d \end{gathered}`,
  // Delimiters of several sizes.
  String.raw`\left( \frac{a}{b} \right) \left[ \frac{\frac{a}{b}}{c} \right] \left\{ x \right\}`,
  String.raw`\big( \Big( \bigg( \Bigg( x \Bigg) \bigg) \Big) \big)`,
  String.raw`\left\langle \psi \middle| \hat H \middle| \psi \right\rangle`,
  String.raw`\left. \frac{df}{dx} \right|_{x=0} \left\lfloor \frac{n}{2} \right\rfloor \left\lVert v \right\rVert`,
  String.raw`\left( \begin{array}{c} 1 \\ 2 \\ 3 \\ 4 \\ 5 \\ 6 \end{array} \right)`,
  // Accents and stretchy SVGs.
  String.raw`\hat{a} \bar{b} \vec{c} \dot{d} \ddot{e} \tilde{f} \acute{g} \breve{h} \check{\imath}`,
  String.raw`\overrightarrow{AB} + \overleftarrow{CD} + \overleftrightarrow{EF}`,
  String.raw`\widehat{xyz} \widetilde{abc} \widecheck{pq}`,
  String.raw`\overbrace{a+b+c}^{\text{three}} = \underbrace{x+y}_{2}`,
  String.raw`\overline{AB} \underline{CD} \overgroup{EFG} \underlinesegment{HI}`,
  String.raw`\xrightarrow[\text{below}]{\text{above}} \xleftarrow{f} \xRightarrow{g}`,
  String.raw`\utilde{AB} \Overrightarrow{PQ} \overlinesegment{XY}`,
  // Lines.
  String.raw`\cancel{x} + \bcancel{y} + \xcancel{z} + \sout{abc}`,
  String.raw`\boxed{E = mc^2} \fbox{text} \colorbox{yellow}{$y$} \fcolorbox{red}{white}{z}`,
  String.raw`\cancelto{0}{x}`,
  // Colour.
  String.raw`\color{red} x + \textcolor{blue}{y} + {\color{#0a0} z}`,
  String.raw`\textcolor{#ff00aa}{\frac{a}{b}} \color{rgb(10, 20, 30)}{q}`,
  // Text with spaces and unicode.
  String.raw`\text{if } x > 0 \text{ then  two  spaces}`,
  String.raw`\text{naïve café — 日本語 и кириллица} + \text{Ελληνικά}`,
  String.raw`\text{quotes "double" 'single' & ampersand < less > greater}`,
  String.raw`\textbf{bold} \textit{italic} \texttt{mono} \textsf{sans} \textrm{roman}`,
  'α + β = γ, ∀x ∈ ℝ, ∑ n²',
  String.raw`\text{你好} \text{한국어} \text{हिन्दी}`,
  // Fonts.
  String.raw`\mathbb{R} \mathbb{N} \mathcal{L} \mathfrak{g} \mathscr{H} \mathsf{A} \mathtt{B}`,
  String.raw`\boldsymbol{\alpha} \mathbf{v} \bm{x} \pmb{\mu} \mathit{ff} \mathrm{d}x`,
  String.raw`\operatorname{tr}(A) + \operatorname*{argmax}_{\theta} L(\theta) + \sin x \log y`,
  // Tags, phantoms, rules, kerns.
  String.raw`E = mc^2 \tag{1}`,
  String.raw`a^2 + b^2 = c^2 \tag*{(Pythagoras)}`,
  String.raw`x + \phantom{yyy} + z + \hphantom{ab} + \vphantom{\frac{1}{2}} w`,
  String.raw`\rule{2em}{1pt} \rule[0.5ex]{1cm}{0.4pt}`,
  String.raw`a\kern1em b \hspace{2em} c \, d \: e \; f \! g \quad h \qquad i \mkern18mu j`,
  String.raw`a \mathrel{\smash{\stackrel{\text{def}}{=}}} b \mathllap{x} \mathrlap{y} \mathclap{z}`,
  // Other nodes.
  String.raw`\not= \neq \nleq \ncong \nmid`,
  String.raw`\underset{x}{\arg\min} \overset{!}{=} \stackrel{?}{\leq}`,
  String.raw`\sideset{_a^b}{_c^d}\sum \mathop{\rm Res}_{z=0}`,
  String.raw`\displaystyle\sum_{n} \textstyle\sum_{n} \scriptstyle x \scriptscriptstyle y`,
  String.raw`\Huge A \huge B \LARGE C \Large D \large E \normalsize F \small G \tiny H`,
  String.raw`\ce{H2O}`,
  String.raw`\verb|a_b^c| \lbrace \vert x \vert \rbrace`,
  String.raw`\angl{n} \ddots \vdots \cdots \ldots \dots`,
  String.raw`\char"263A \unicode{x263A} \imath \jmath`,
  String.raw`\def\foo#1{#1^2} \foo{x} + \newcommand{\bar}{b}`,
  String.raw`\htmlClass{cls}{x} \htmlStyle{color: red}{y} \htmlId{id}{z} \htmlData{a=b}{w}`,
  String.raw`\mathchoice{D}{T}{S}{SS} \pmod{n} \bmod 3 \pod{m}`,
  String.raw`\substack{i < n \\ j < m} \genfrac(]{0pt}{2}{a}{b} \above{1pt}`,
  String.raw`\tfrac12 \dbinom{a}{b} \tbinom{c}{d} a \choose b`,
  String.raw`\cdotp \approx \propto \Rightarrow \Leftrightarrow \mapsto \hookrightarrow \to`,
  String.raw`\lvert x \rvert \lceil y \rceil \ulcorner z \urcorner`,
  String.raw`\iiint \idotsint \varliminf_{n} \varprojlim`,
  // Parse errors.
  String.raw`\frac{1}{2`,
  String.raw`x^{2`,
  String.raw`a}`,
  String.raw`\unknowncommand{x}`,
  String.raw`\begin{matrix} a & b \end{pmatrix}`,
  String.raw`x^2^3`,
  String.raw`\left( x`,
  // Links and images: untrusted, so errors or text, never a link or an image.
  String.raw`\href{https://example.com}{\text{link}}`,
  String.raw`\href{javascript:alert(1)}{x}`,
  String.raw`\url{https://example.com/a_b?c=d&e=f}`,
  String.raw`\includegraphics[height=1em]{https://example.com/a.png}`,
  // Characters the HTML parser treats specially.
  'a < b > c & d " e \' f',
  String.raw`\text{a\ b}` + '\r\nx + y',
  'x\u0000y',
  '\\text{\u0000}',
  '',
  '   ',
];

/** A formula of a few thousand characters, like a long derivation in one block. */
const LONG = Array.from(
  { length: 40 },
  (_, i) => String.raw`\frac{x_{${i}}^2}{\sqrt{${i}+y}} + \sum_{k=0}^{${i}} \binom{${i}}{k}`,
).join(' + ');

export const FORMULAS: readonly Formula[] = [
  ...BOTH.flatMap((tex) => [
    { tex, display: false },
    { tex, display: true },
  ]),
  { tex: LONG, display: false },
  { tex: LONG, display: true },
];
