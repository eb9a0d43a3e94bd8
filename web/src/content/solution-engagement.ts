// Copy of the solution pages' engagement sections, the blocks a service page
// has too (content/service-engagement.ts): how a project runs
// (`<slug>.process`), the case study that shows the solution at work
// (`<slug>.case-study`) and the questions buyers ask (`<slug>.faq`). The
// keys of their texts are their paths in these objects (see content/registry.ts).
import { faqHeading, processHeading, studyHeading, type Faq, type ServiceEngagement } from '@/content/service-engagement';

export type SolutionEngagement = Pick<ServiceEngagement, 'process' | 'caseStudy'> & { faq: Faq };

export const solutionEngagements: Record<string, SolutionEngagement> = {
  'machine-learning': {
    process: {
      ...processHeading,
      title: 'From a business decision to a model in production',
      description: 'Every model starts from the decision it should improve and the number it must move, agreed before we touch the data.',
      steps: [
        { id: 'frame', title: 'Frame the decision', duration: 'Week 1', description: 'The decision to improve, the metric that proves it and the baseline the model has to beat.' },
        { id: 'audit-data', title: 'Audit the data', duration: 'Weeks 2–3', description: 'Sources profiled for coverage, quality and leakage; features drafted with the people who know the process.' },
        { id: 'model', title: 'Model and validate', duration: 'Weeks 4–7', description: 'Candidate models back-tested on data they have not seen, against the baseline, with their errors explained.' },
        { id: 'deploy', title: 'Deploy', duration: 'Weeks 8–10', description: 'The model served behind an API or inside your planning and CRM tools, released to a pilot group first.' },
        { id: 'monitor', title: 'Monitor and retrain', duration: 'Ongoing', description: 'Drift and accuracy tracked in production; retraining runs on a schedule and whenever the data shifts.' },
      ],
    },
    caseStudy: {
      ...studyHeading,
      id: 'predictive-maintenance',
      title: 'Repairs scheduled before the breakdown',
      description: 'Models of vibration and temperature tell a parts maker which machines will fail days ahead, so that repairs fit into planned downtime.',
    },
    faq: {
      ...faqHeading,
      items: [
        { id: 'how-much-data', question: 'How much data do we need?', answer: 'Less than most teams fear: two years of history is usually enough for forecasting, and a few thousand labelled outcomes for scoring. The data audit tells you within three weeks whether yours is enough.' },
        { id: 'explainable', question: 'Can we explain the model’s decisions to regulators?', answer: 'Yes. We favour models whose drivers can be shown for each decision, document them to model-risk standards such as SR 11-7, and keep an audit trail of every version.' },
        { id: 'existing-systems', question: 'Will it work inside our existing systems?', answer: 'Models are served behind an API or written back into your ERP, CRM or planning tools, so people see the scores where they already work.' },
        { id: 'accuracy-drops', question: 'What happens when the model’s accuracy drops?', answer: 'Monitoring catches drift before users do. Models retrain on fresh data, and a new version goes live only after it beats the one it replaces.' },
      ],
    },
  },
  'deep-learning': {
    process: {
      ...processHeading,
      title: 'Deep learning without the research project',
      description: 'A time-boxed path from a feasibility test to a model that runs on your hardware, with a go or no-go at each gate.',
      steps: [
        { id: 'feasibility', title: 'Test feasibility', duration: '2–3 weeks', description: 'A quick model on a sample of your images, audio or sensor data shows whether deep learning beats simpler methods.' },
        { id: 'label', title: 'Label and curate', duration: '3–4 weeks', description: 'Labelling guidelines, tooling and quality checks, with your experts labelling only the examples that teach the model most.' },
        { id: 'train', title: 'Train and tune', duration: '4–8 weeks', description: 'Proven architectures fine-tuned on GPU clusters and evaluated on the cases that matter most to you.' },
        { id: 'optimise', title: 'Optimise and deploy', duration: '2–4 weeks', description: 'Models compressed and compiled for your cloud or edge hardware, with latency and cost measured under load.' },
      ],
    },
    caseStudy: {
      ...studyHeading,
      id: 'personalised-recommendations',
      title: 'Personalisation that shows in the revenue line',
      description: 'A deep recommendation model, trained on a retailer’s clickstream and order history, now shapes every visit of its customers.',
    },
    faq: {
      ...faqHeading,
      items: [
        { id: 'when-worth-it', question: 'When is deep learning worth it over simpler models?', answer: 'When the signal is in images, audio, free text or long sensor streams. On tables of business data, gradient-boosted models are often as accurate and cheaper to run, and we will tell you so.' },
        { id: 'own-gpus', question: 'Do we need GPUs of our own?', answer: 'No. We train on dedicated cloud GPU capacity and deploy to whatever you run, from cloud instances to edge devices on the factory floor.' },
        { id: 'labelled-examples', question: 'How many labelled examples does a model need?', answer: 'Often a few hundred to a few thousand per class when we fine-tune a pre-trained model; active learning picks the examples worth your experts’ time.' },
        { id: 'model-ownership', question: 'Who owns the trained model?', answer: 'You do: the weights, the training code and the data pipeline are delivered into your repositories, with no licence fee per model.' },
      ],
    },
  },
  'natural-language-processing': {
    process: {
      ...processHeading,
      title: 'Language models your reviewers can trust',
      description: 'Every model is measured against your own documents, and people stay in the loop wherever it is unsure.',
      steps: [
        { id: 'sample', title: 'Sample your documents', duration: 'Week 1', description: 'A representative set of contracts, tickets or claims, reviewed with the people who handle them today.' },
        { id: 'gold-set', title: 'Build the gold set', duration: 'Weeks 2–3', description: 'Your experts annotate a few hundred documents, which become the yardstick for every model we try.' },
        { id: 'pilot', title: 'Pilot with reviewers', duration: 'Weeks 4–8', description: 'The model works beside your team, which checks its output while we tune thresholds and prompts.' },
        { id: 'scale', title: 'Scale with oversight', duration: 'Weeks 9–12', description: 'Confident cases flow straight through; doubtful ones go to people, whose corrections retrain the model.' },
      ],
    },
    caseStudy: {
      ...studyHeading,
      id: 'claims-automation',
      title: 'Claims read by a model, checked by people',
      description: 'An insurer’s adjusters now check only the fields the model is unsure of, and claims are paid days sooner.',
    },
    faq: {
      ...faqHeading,
      items: [
        { id: 'large-language-models', question: 'Do you use large language models such as GPT?', answer: 'Where they are the best tool. We also fine-tune smaller open models that run in your own cloud, which are often cheaper, faster and easier to govern.' },
        { id: 'documents-leave', question: 'Will our documents leave our environment?', answer: 'Not unless you choose so. Models can run inside your cloud tenancy or data centre, and no client’s data ever trains a model for anyone else.' },
        { id: 'languages', question: 'Which languages do you support?', answer: 'The major European and Asian languages. Accuracy is measured for each language on your own documents before anything goes live.' },
        { id: 'hallucination', question: 'How do you stop a model inventing answers?', answer: 'Answers are grounded in your own sources and cite them, confidence thresholds send doubtful cases to people, and every release is tested against the gold set.' },
      ],
    },
  },
  'computer-vision': {
    process: {
      ...processHeading,
      title: 'From sample images to cameras on the line',
      description: 'We test feasibility on your own images before anyone buys hardware, then prove accuracy in a pilot on site.',
      steps: [
        { id: 'review-images', title: 'Review sample images', duration: 'Week 1', description: 'You send a few hundred images or an hour of video; we assess lighting, angles and what a model can reliably see.' },
        { id: 'label', title: 'Label the examples', duration: 'Weeks 2–3', description: 'Defects, objects and edge cases labelled to a written guide, with a share checked twice for consistency.' },
        { id: 'pilot', title: 'Pilot on site', duration: 'Weeks 4–9', description: 'The model runs on your cameras beside today’s inspection, so its accuracy is measured against your own staff.' },
        { id: 'roll-out', title: 'Roll out', duration: 'Weeks 10–14', description: 'Further lines or sites, on edge devices or your own servers, with alerts wired into the systems you use.' },
      ],
    },
    caseStudy: {
      ...studyHeading,
      id: 'radiology-triage',
      title: 'A second pair of eyes for radiologists',
      description: 'Chest X-rays with likely urgent findings now go to the top of the radiologists’ worklist, so the sickest patients are read first.',
    },
    faq: {
      ...faqHeading,
      items: [
        { id: 'existing-cameras', question: 'Can you use the cameras we already have?', answer: 'Usually. Most CCTV and line cameras give enough resolution; where they do not, we specify the camera, lens and lighting the task needs.' },
        { id: 'video-leaves', question: 'Does video leave our sites?', answer: 'No. Models can run on edge devices or servers on your premises, so only events and counts leave the site, never the footage.' },
        { id: 'privacy', question: 'How do you handle privacy in video analytics?', answer: 'People are detected, never identified: faces and number plates are blurred on the device, and each system is documented for a data protection impact assessment.' },
        { id: 'accuracy', question: 'How accurate will it be?', answer: 'We agree the target before the pilot, such as defects caught and false alarms per shift, and measure it on your own images against your own inspectors.' },
      ],
    },
  },
  'predictive-analytics': {
    process: {
      ...processHeading,
      title: 'Forecasts your planners will use',
      description: 'We build forecasts with the people who act on them, so that the numbers reach decisions and not only dashboards.',
      steps: [
        { id: 'question', title: 'Pin down the question', duration: 'Week 1', description: 'What to forecast, how far ahead, at what level of detail, and which decision changes as a result.' },
        { id: 'back-test', title: 'Back-test on history', duration: 'Weeks 2–5', description: 'Models tested on past periods they have not seen, against your current forecast, with their error ranges shown.' },
        { id: 'embed', title: 'Embed in planning', duration: 'Weeks 6–9', description: 'Forecasts and their drivers delivered into your planning tools and dashboards, on your reporting calendar.' },
        { id: 'refresh', title: 'Refresh and review', duration: 'Every week', description: 'New data flows in and the models refresh; accuracy is reviewed with your planners each month.' },
      ],
    },
    caseStudy: {
      ...studyHeading,
      id: 'fraud-detection',
      title: 'Risk scored as it happens',
      description: 'Every card transaction of a retail bank is scored before it settles, and investigators see why each alert was raised.',
    },
    faq: {
      ...faqHeading,
      items: [
        { id: 'horizon', question: 'How far ahead can you forecast?', answer: 'As far as the data supports: demand typically weeks to a quarter ahead, finance up to eighteen months. Each forecast comes with its confidence range, which widens with the horizon.' },
        { id: 'unusual-years', question: 'What if our history includes unusual years?', answer: 'Disruptions such as a pandemic or a long stock-out are marked as events the model learns to set aside, and we test how the forecast would have fared through them.' },
        { id: 'why-changed', question: 'Will planners understand why a forecast changed?', answer: 'Each forecast shows its main drivers, such as a promotion, the season or the weather, so planners can challenge it and add what the data cannot know.' },
        { id: 'warehouse-first', question: 'Do we need a data warehouse first?', answer: 'No. We start from the extracts you have, and connect to Snowflake, BigQuery, Databricks or your ERP as the use grows.' },
      ],
    },
  },
};
