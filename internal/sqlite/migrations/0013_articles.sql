-- Articles of the blog: a page with the template "article" is served at
-- /blog/{slug} and listed on /blog. It has a byline, one of the blog's
-- categories and up to ten tags (a JSON list of strings). Slugs stay one
-- set for pages and articles alike (the unique slug), so that changing a
-- page's template never meets another page's slug.
ALTER TABLE pages ADD COLUMN author TEXT NOT NULL DEFAULT '';
ALTER TABLE pages ADD COLUMN category TEXT NOT NULL DEFAULT '';
ALTER TABLE pages ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';

-- A page's template is now "default" or "article"; any other value was
-- never more than a label, and such a page is a content page.
UPDATE pages SET template = 'default' WHERE template NOT IN ('default', 'article');

-- The six posts the blog showed as fixed copy become its first articles, so
-- that a fresh site's blog looks as before and every post is managed in the
-- Pages tab. A page that already has one of their slugs keeps it.
INSERT INTO pages (title, slug, content, excerpt, status, template, author, category, tags, published_at, is_active, created_at, updated_at)
VALUES ('Why most AI pilots never reach production, and how to fix it', 'ai-pilots-to-production',
'Most enterprises we meet have run a dozen AI pilots. Few have more than one or two in daily use. The pilots were rarely the problem: the models worked on the sample data, the demo impressed the steering committee, and then the project stalled somewhere between the data science team and the people who run the business. Over the past five years we have seen the same five gaps again and again.

The first is ownership. A pilot is usually sponsored by an innovation budget, but a production system needs an owner in the business who will answer for its results and change how their team works to use it. If nobody on the operating side has asked for the model, nobody will miss it when the pilot budget ends. We now refuse to start a pilot until a named business owner has agreed what decision the model will change and how success will be measured in their terms, not in accuracy points.

The second is data that only exists in a notebook. Pilots are built on extracts: a CSV from the warehouse, a few months of logs, a sample labelled by hand. Production needs the same data every day, on time, with the same meaning. Closing this gap means building real pipelines with tests and monitoring, and it typically takes longer than building the model. Plan for it from day one rather than discovering it in month four.

The third and fourth gaps are integration and operations. A prediction is worth nothing until it reaches the screen, queue or machine where someone acts on it, and that means working with the owners of the ERP, CRM or shop-floor systems early. Once live, the model needs monitoring for drift, a retraining schedule, an on-call rota and a way to roll back. Teams that treat MLOps as an afterthought find their first production incident is also their last.

The fifth gap is trust. Users who do not understand why a model recommends something will quietly ignore it. Explanations in the interface, a feedback button, and a few weeks of running the model in shadow mode beside the existing process do more for adoption than any accuracy gain. If you are planning your next pilot, write down how each of these five gaps will be closed before you write any code; that single page is the best predictor of production we know.',
'The five organisational and technical gaps we see most often between a promising pilot and a system the business relies on.', 'published', 'article', 'Dr. Amelia Hart', 'AI Strategy', '["Strategy", "MLOps"]',
'2024-11-12T09:00:00.000Z', 1, '2024-11-12T09:00:00.000Z', '2024-11-12T09:00:00.000Z')
ON CONFLICT (slug) DO NOTHING;

INSERT INTO pages (title, slug, content, excerpt, status, template, author, category, tags, published_at, is_active, created_at, updated_at)
VALUES ('A practical guide to retrieval-augmented generation in the enterprise', 'retrieval-augmented-generation',
'Retrieval-augmented generation, or RAG, has become the default way to put a large language model to work on a company''s own knowledge. Instead of retraining the model, you search your documents for the passages that answer a question and give them to the model with the question. Done well, it produces answers that cite their sources and stay current as documents change. Done badly, it produces confident nonsense with footnotes.

Answer quality is decided long before the model is called. Most of our work on RAG projects goes into the documents: removing duplicates and outdated versions, splitting long files at sensible boundaries such as headings and clauses, and keeping the metadata that lets retrieval filter by product, region or date. A contract clause split halfway through, or a 2019 policy ranked above its 2024 replacement, will defeat the best model on the market.

Retrieval itself should be measured like any search engine. We build a test set of a few hundred real questions with the passages that answer them, and track recall at five and ten results as we change chunking, embeddings and ranking. Combining keyword search with vector search, and re-ranking the top fifty results, usually beats either approach alone, especially for part numbers, product names and legal terms that embeddings blur together.

Generation then needs its own evaluation. We score answers for faithfulness to the retrieved text, completeness and correct citation, using a mix of human review and model-graded checks calibrated against that review. Every change to prompts, models or retrieval runs against the same test set before release, so that a fix for one kind of question does not quietly break another.

Finally, security has to follow the documents. A RAG system must never show a user a passage they could not open themselves, so permissions are applied at retrieval time, not after generation. Sensitive fields are masked before indexing, prompts and answers are logged for audit, and the model runs in a region and under terms your legal team has approved. With those foundations in place, RAG is one of the fastest routes we know from a generative AI idea to measurable value.',
'How to ground large language models in your own documents, measure answer quality and keep sensitive data safe.', 'published', 'article', 'Rahul Mehta', 'NLP', '["Generative AI", "LLMs"]',
'2024-11-05T09:00:00.000Z', 1, '2024-11-05T09:00:00.000Z', '2024-11-05T09:00:00.000Z')
ON CONFLICT (slug) DO NOTHING;

INSERT INTO pages (title, slug, content, excerpt, status, template, author, category, tags, published_at, is_active, created_at, updated_at)
VALUES ('Predictive maintenance: what 1,200 machines taught us', 'predictive-maintenance-lessons',
'Over eighteen months we helped a manufacturer roll out predictive maintenance across 1,200 machines in seven plants: presses, CNC centres, compressors and conveyor drives. The headline result was a 35% cut in unplanned downtime. The more useful results are the lessons we would apply to any similar programme.

Start with the failures, not the sensors. Our first plant had plenty of vibration data and almost no record of why machines had stopped. We spent the first six weeks with maintenance supervisors turning paper logs and work orders into a labelled history of failure modes. That history told us which machines were worth instrumenting and which failures could be predicted at all; roughly a third of stoppages turned out to be operational, not mechanical, and no sensor would have seen them coming.

Sensor placement matters more than model choice. A triaxial accelerometer a few centimetres from a bearing housing gave us weeks of warning; the same sensor on the machine frame gave us noise. We wrote a placement guide per machine family and had it checked by the plant''s own technicians, who knew where the trouble usually started. Simple features such as band energy and kurtosis, tracked against each machine''s own baseline, caught most developing faults before any deep model did.

The hardest part was trust. Early alerts went to a dashboard nobody opened. We moved them into the maintenance work-order system the crews already used, with a plain explanation of what had changed and a photo of where to look. Each alert asked the technician to confirm or reject it, and those answers became new labels. Within three months false alerts had fallen by half and crews were asking for the system on machines we had not planned to cover.

Scaling from one plant to seven was an operations problem, not a data science one. We standardised the edge gateway, automated model retraining per machine family, and set up monitoring for silent sensors, which fail more often than machines do. If you are planning a rollout, budget as much for these unglamorous pieces as for the models; they are what keep the savings coming in year two.',
'Lessons from a multi-plant rollout, from sensor placement to getting maintenance crews to trust the alerts.', 'published', 'article', 'Dr. Lena Fischer', 'Machine Learning', '["Manufacturing", "MLOps"]',
'2024-10-28T09:00:00.000Z', 1, '2024-10-28T09:00:00.000Z', '2024-10-28T09:00:00.000Z')
ON CONFLICT (slug) DO NOTHING;

INSERT INTO pages (title, slug, content, excerpt, status, template, author, category, tags, published_at, is_active, created_at, updated_at)
VALUES ('Vision models at the edge: choosing hardware that lasts', 'edge-vision-hardware',
'Visual inspection on a production line rarely tolerates a round trip to the cloud. A camera photographing forty parts a second needs a decision within a few tens of milliseconds, on hardware that survives heat, dust and vibration for five years or more. Choosing that hardware is one of the most consequential decisions in a computer vision project, and one of the easiest to get wrong.

We benchmarked four classes of edge accelerator on a realistic inspection workload: a defect detection model at 1,280 by 1,024 pixels, quantised to eight bits where the platform allowed. Embedded GPU modules gave the most flexibility and ran our models unchanged, at 18 to 25 milliseconds per frame. Dedicated vision processors were two to three times more power efficient but needed model changes to fit their supported operators. Industrial PCs with discrete GPUs were the fastest and the hardest to keep cool in a sealed cabinet.

Accuracy after quantisation is where surprises hide. Most of our models lost less than half a point of recall when moved to eight-bit integers, but one scratch detector lost four, because the faint defects it looked for lived in exactly the low-contrast range that quantisation compresses. We now validate every quantised model on a held-out set of the rarest defects, not on the overall test set, before committing to a platform.

Cost over the life of the line matters more than the price of the module. Count the enclosure, cooling, power, spares, and above all the engineering time to update models on hundreds of devices. A platform with a mature fleet management tool and long-term support for its software stack will usually beat a cheaper one that needs custom tooling, once you have more than a handful of stations.

Our advice is to choose the software path first and the chip second. Decide how models will be built, tested, deployed and rolled back across the fleet, then pick the hardware that fits that path with headroom for the next generation of models. The line will outlive several of them.',
'A comparison of edge accelerators for inspection workloads, with the accuracy, latency and cost we measured.', 'published', 'article', 'Dr. Lena Fischer', 'Computer Vision', '["Edge AI", "Manufacturing"]',
'2024-10-17T09:00:00.000Z', 1, '2024-10-17T09:00:00.000Z', '2024-10-17T09:00:00.000Z')
ON CONFLICT (slug) DO NOTHING;

INSERT INTO pages (title, slug, content, excerpt, status, template, author, category, tags, published_at, is_active, created_at, updated_at)
VALUES ('Fine-tuning versus prompting: a cost model for leaders', 'fine-tuning-versus-prompting',
'Every generative AI programme reaches the same fork: keep improving prompts to a hosted general-purpose model, or fine-tune a model on your own data. Vendors on both sides have an answer ready. The right answer depends on three numbers you can estimate before spending much on either path.

The first is volume. Prompting a large hosted model costs little to start and scales linearly with use: every request pays for the instructions and examples you send with it. Fine-tuning a smaller model costs more up front, for data preparation, training and evaluation, but each request is cheaper because the behaviour lives in the weights rather than the prompt. In our projects the crossover typically sits between one and five million requests a month; below that, prompting almost always wins on total cost.

The second is how specialised the task is. If the work is general reasoning, summarisation or drafting in ordinary business language, a good prompt and a few examples get you most of the way. If it depends on a narrow vocabulary, a fixed output format or a house style that examples cannot capture, such as coding medical claims or extracting fields from a particular family of forms, fine-tuning tends to deliver accuracy that no prompt reaches.

The third is the cost of change. Prompts can be edited and tested in an afternoon; a fine-tuned model needs a new training run, a full evaluation and a careful release every time the task or the data shifts. Organisations without a working MLOps practice often underestimate this ongoing cost, and find themselves running a model that was right eighteen months ago.

Our recommendation for most leaders is to start with prompting and retrieval, invest early in an evaluation set that reflects real work, and let the numbers decide. When volume, specialisation and a stable task line up, fine-tuning is a sound investment; when they do not, it is an expensive way to learn what a better prompt would have taught you.',
'When it pays to fine-tune your own model, and when careful prompting of a hosted model is the better investment.', 'published', 'article', 'Rahul Mehta', 'Deep Learning', '["LLMs", "Strategy"]',
'2024-10-08T09:00:00.000Z', 1, '2024-10-08T09:00:00.000Z', '2024-10-08T09:00:00.000Z')
ON CONFLICT (slug) DO NOTHING;

INSERT INTO pages (title, slug, content, excerpt, status, template, author, category, tags, published_at, is_active, created_at, updated_at)
VALUES ('AI in financial services: five trends for 2025', 'financial-services-trends-2025',
'Banks and insurers have used statistical models for decades, so AI in financial services is less a revolution than an acceleration. Talking with the risk, operations and technology leaders we work with, five themes stand out in their plans for 2025.

First, fraud detection is moving to real time across every channel. Instant payments leave no window for overnight batch scoring, and fraudsters move between cards, accounts and apps faster than rules can be written. Institutions are investing in streaming feature pipelines and graph models that link devices, accounts and counterparties, scoring each transaction in tens of milliseconds while keeping false positives low enough that customers are not put off.

Second, explainability is becoming a design requirement rather than a report written afterwards. Regulators expect lenders to give clear reasons for credit decisions, and model risk teams want to understand what drives every model they approve. We see more gradient-boosted models with monotonic constraints and reason codes built in, and a new generation of model documentation generated from the training pipeline itself.

Third, generative AI is arriving in operations before it reaches customers. Summarising claims files, drafting responses to complaints, and helping analysts search policy and procedure documents offer clear savings with a human still making the decision. Customer-facing assistants are coming, but most institutions want a year of internal experience, and strong guardrails, first.

Fourth and fifth, governance and data foundations are getting budget of their own. Responsible AI frameworks now have owners, inventories and review boards, shaped by new rules in the EU and guidance from supervisors elsewhere. And the firms furthest ahead are those that invested in clean, well-governed customer and transaction data years ago. For everyone else, 2025 is a good year to close that gap, because every one of the other four trends depends on it.',
'From real-time fraud detection to explainable credit models: where banks and insurers are investing next year.', 'published', 'article', 'James Okafor', 'Industry Insights', '["Finance", "Responsible AI"]',
'2024-09-30T09:00:00.000Z', 1, '2024-09-30T09:00:00.000Z', '2024-09-30T09:00:00.000Z')
ON CONFLICT (slug) DO NOTHING;
