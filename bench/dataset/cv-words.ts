/**
 * The sentences and schools generated CVs are made of (cvs.ts). The earlier sentences are drawn more often than
 * the later ones, as stock phrases are in real CVs; "machine learning" and "Kubernetes" are in rare ones only.
 */

export const CV_SENTENCES_EN = [
  'Worked closely with the product team to ship new features every two weeks.',
  'Responsible for the design, development and maintenance of internal tools used by the whole company.',
  'Improved the performance of the main application and reduced page load times for our customers.',
  'Mentored junior developers and ran code reviews, pairing sessions and technical workshops.',
  'Took part in the recruitment of engineers and in the onboarding of new team members.',
  'Wrote automated tests and set up continuous integration to catch regressions before each release.',
  'Managed relationships with key clients and gathered their needs into clear specifications.',
  'Migrated a legacy monolith to a set of services with a careful, step by step approach.',
  'Led a team of five people and reported to the head of engineering on progress and risks.',
  'Designed the database schema and optimised slow queries on tables with millions of rows.',
  'Negotiated contracts with suppliers and cut yearly costs by a fifth without losing quality.',
  'Organised training sessions on security good practices for developers and support staff.',
  'Built dashboards that gave the sales team a daily view of the pipeline and of the forecast.',
  'Handled customer support escalations and wrote the knowledge base articles that followed.',
  'Coordinated the launch of the mobile application in three countries with local partners.',
  'Automated the monthly reporting that used to take two days of manual work in spreadsheets.',
  'Defined the quarterly roadmap with stakeholders from marketing, finance and operations.',
  'Drove the accessibility effort that brought the public website to the expected standard.',
  'Ran user interviews and usability tests to shape the redesign of the checkout flow.',
  'Maintained the on-call rotation and wrote the post-mortems of the incidents I handled.',
  'Set up the observability stack with metrics, traces and alerts for every production service.',
  'Prepared the company for its security certification audit and answered the auditors.',
  'Introduced feature flags and progressive rollouts to release with less risk.',
  'Built the data pipeline that feeds the warehouse from twelve operational sources.',
  'Ported the payment integration to a new provider with no downtime for customers.',
  'Spoke at conferences about distributed systems and event sourcing.',
];

/** Sentences few CVs have: a job has one with a small chance (cvs.ts), so each is in a few percent of CVs. */
export const CV_RARE_SENTENCES_EN = [
  'Deployed and operated Kubernetes clusters hosting about forty services in two regions.',
  'Trained machine learning models to predict churn and presented the results to the board.',
  'Wrote the infrastructure as code with Terraform and cut environment setup from days to minutes.',
  'Published two open source libraries that are now used by several thousand projects.',
];

export const CV_SENTENCES_FR = [
  "Travail en étroite collaboration avec l'équipe produit pour livrer de nouvelles fonctionnalités.",
  "Conception, développement et maintenance des outils internes utilisés par toute l'entreprise.",
  "Amélioration des performances de l'application principale et réduction des temps de chargement.",
  'Accompagnement des développeurs juniors, revues de code et ateliers techniques réguliers.',
  "Participation au recrutement des ingénieurs et à l'intégration des nouveaux arrivants.",
  "Écriture de tests automatisés et mise en place de l'intégration continue avant chaque livraison.",
  'Gestion de la relation avec les clients clés et rédaction de spécifications claires.',
  "Migration progressive d'une application monolithique vers une architecture de services.",
  "Encadrement d'une équipe de cinq personnes et suivi des risques avec la direction technique.",
  'Conception du schéma de base de données et optimisation des requêtes les plus lentes.',
  'Négociation des contrats fournisseurs et réduction des coûts annuels sans perte de qualité.',
  'Organisation de formations aux bonnes pratiques de sécurité pour les équipes.',
  'Création de tableaux de bord donnant une vue quotidienne du pipeline commercial.',
  'Traitement des escalades du support client et rédaction des articles de la base de connaissances.',
  "Coordination du lancement de l'application mobile dans trois pays avec des partenaires locaux.",
  'Automatisation du reporting mensuel qui demandait deux jours de travail manuel.',
  'Définition de la feuille de route trimestrielle avec le marketing, la finance et les opérations.',
  "Pilotage du chantier d'accessibilité du site public jusqu'au niveau attendu.",
  'Entretiens utilisateurs et tests d’utilisabilité pour la refonte du parcours de paiement.',
  "Astreintes et rédaction des comptes rendus d'incidents de production.",
  'Mise en place de la supervision : métriques, traces et alertes pour chaque service.',
  "Préparation de l'audit de certification sécurité et échanges avec les auditeurs.",
];

export const CV_RARE_SENTENCES_FR = [
  'Déploiement et exploitation de clusters Kubernetes hébergeant une quarantaine de services.',
  "Entraînement de modèles de machine learning pour prédire l'attrition des clients.",
  'Publication de deux bibliothèques open source utilisées par plusieurs milliers de projets.',
];

export const CV_SCHOOLS = [
  'Master in Computer Science, Université de Lyon, 2012',
  'Diplôme d’ingénieur, INSA Toulouse, 2010',
  'BSc Software Engineering, University of Manchester, 2015',
  'Master Management de projet, IAE de Bordeaux, 2014',
  'DUT Informatique, IUT de Nantes, 2009',
  'MSc Data Science, Imperial College London, 2018',
  'Licence professionnelle Réseaux et télécommunications, Université de Lille, 2011',
  'Bachelor Marketing digital, Kedge Business School, 2016',
  'Master Ressources humaines, Université Paris-Dauphine, 2013',
  'BTS Services informatiques aux organisations, Lycée Chaptal, 2008',
  'Certification AWS Solutions Architect, 2021',
  'Baccalauréat scientifique, mention bien, 2005',
];
