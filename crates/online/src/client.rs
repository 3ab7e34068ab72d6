//! A client's side of a game's WebSocket, without the socket: [`Session`] numbers the player's
//! actions, keeps those not yet acknowledged to send again after a reconnect, and checks every
//! entry the server sends through its own [`OnlineGame`] before showing it. The page drives one
//! over a browser `WebSocket`; the server's tests and load generator drive it over their own.

use crate::ids::SeatToken;
use crate::message::{
    Action, ClientMessage, Event, Presence, Refusal, Refused, ServerMessage, Side,
};
use crate::table::OnlineGame;
use std::collections::VecDeque;

/// What a message from the server changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Update {
    /// Connected (again): the whole record was received and checked.
    Welcomed,
    /// A new entry of the record, checked and recorded.
    Recorded(Event),
    /// The server stored the action with this sequence number.
    Acked(u32),
    /// The server refused an action (or a message); the game is unchanged.
    Refused {
        /// The refused action, if it was one of this session's.
        action: Option<Action>,
        /// What was wrong.
        refusal: Refused,
    },
    /// Who is connected changed.
    Presence(Presence),
}

/// A client's session with one game.
#[derive(Clone, Debug)]
pub struct Session {
    token: Option<SeatToken>,
    seat: Option<Side>,
    game: Option<OnlineGame>,
    presence: Presence,
    /// Actions sent (or to send) and not yet acknowledged, with their sequence numbers, in order.
    outbox: VecDeque<(u32, Action)>,
    /// The sequence number the next new action gets.
    next_seq: u32,
    /// A welcome was received on the current connection.
    connected: bool,
}

impl Session {
    /// A session of the player holding `token`, or of a spectator (`None`).
    pub fn new(token: Option<SeatToken>) -> Session {
        Session {
            token,
            seat: None,
            game: None,
            presence: Presence::default(),
            outbox: VecDeque::new(),
            next_seq: 1,
            connected: false,
        }
    }

    /// The first message on every connection.
    pub fn hello(&self) -> ClientMessage {
        ClientMessage::Hello { token: self.token }
    }

    /// The connection went; actions keep waiting in order for the next one.
    pub fn disconnected(&mut self) {
        self.connected = false;
    }

    /// Whether the current connection has been welcomed.
    pub fn connected(&self) -> bool {
        self.connected
    }

    /// This session's seat (known once welcomed), none for a spectator.
    pub fn seat(&self) -> Option<Side> {
        self.seat
    }

    /// The game as the record received so far makes it (once welcomed).
    pub fn game(&self) -> Option<&OnlineGame> {
        self.game.as_ref()
    }

    /// Who is connected, as last told.
    pub fn presence(&self) -> Presence {
        self.presence
    }

    /// Actions not yet acknowledged.
    pub fn pending(&self) -> impl Iterator<Item = &Action> {
        self.outbox.iter().map(|(_, action)| action)
    }

    /// Numbers `action` and queues it; the message to send now, if it is the only action
    /// waiting and the session is connected. Actions go one at a time: each waits for the one
    /// before to be acknowledged or refused, so a refusal never leaves a gap in the numbering.
    pub fn act(&mut self, action: Action) -> Option<ClientMessage> {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.outbox.push_back((seq, action));
        (self.outbox.len() == 1).then(|| self.head()).flatten()
    }

    /// The action in flight, as a message (if connected).
    fn head(&self) -> Option<ClientMessage> {
        let (seq, action) = self.outbox.front().filter(|_| self.connected)?;
        Some(ClientMessage::Act {
            seq: *seq,
            action: action.clone(),
        })
    }

    /// Numbers the waiting actions from `first` on.
    fn renumber(&mut self, first: u32) {
        let mut seq = first;
        for entry in &mut self.outbox {
            entry.0 = seq;
            seq += 1;
        }
        self.next_seq = seq;
    }

    /// Takes in a message of the server: what it changed, and the message to send in answer
    /// (the next action waiting, if the one in flight was settled or the connection is new).
    /// An entry that does not hold by the rules (a server that lies) is an error; the session
    /// is unchanged then.
    pub fn receive(
        &mut self,
        message: ServerMessage,
    ) -> Result<(Update, Option<ClientMessage>), Refused> {
        match message {
            ServerMessage::Welcome {
                game,
                seat,
                last_seq,
                events,
                presence,
                ..
            } => {
                if self.token.is_some() && seat.is_none() {
                    return Err(Refused::new(
                        Refusal::BadToken,
                        "the server did not give this player its seat",
                    ));
                }
                let replayed = OnlineGame::replay(game, &events)?;
                self.game = Some(replayed);
                self.seat = seat;
                self.presence = presence;
                self.connected = true;
                // What the server stored is done; the rest follows its count.
                self.outbox.retain(|(seq, _)| *seq > last_seq);
                self.renumber(last_seq + 1);
                Ok((Update::Welcomed, self.head()))
            }
            ServerMessage::Event { event, .. } => {
                let game = self.game.as_mut().ok_or_else(|| {
                    Refused::new(Refusal::NotHello, "an entry came before the welcome")
                })?;
                game.record(event.clone())?;
                Ok((Update::Recorded(event), None))
            }
            ServerMessage::Ack { seq } => {
                if self.outbox.front().is_some_and(|(head, _)| *head == seq) {
                    self.outbox.pop_front();
                    return Ok((Update::Acked(seq), self.head()));
                }
                Ok((Update::Acked(seq), None))
            }
            ServerMessage::Error { seq, code, message } => {
                let refusal = Refused { code, message };
                let in_flight = self
                    .outbox
                    .front()
                    .is_some_and(|(head, _)| Some(*head) == seq);
                if !in_flight {
                    return Ok((
                        Update::Refused {
                            action: None,
                            refusal,
                        },
                        None,
                    ));
                }
                let (first, action) = self.outbox.pop_front().expect("the action in flight");
                self.renumber(first);
                Ok((
                    Update::Refused {
                        action: Some(action),
                        refusal,
                    },
                    self.head(),
                ))
            }
            ServerMessage::Presence { presence } => {
                self.presence = presence;
                Ok((Update::Presence(presence), None))
            }
        }
    }
}

/// What `side` owes the game now that its client states by itself, from the openings of its
/// men (Beirut): its commitments once its carriers are chosen, its Dead Man's Switch answer for
/// the man just captured, "no legal boom" when it is stuck without one, and its final reveal.
/// `None` when nothing is owed, or what is owed is the player's own decision (a move, a boom,
/// resigning).
pub fn owed_statement(
    game: &crate::table::OnlineGame,
    side: Side,
    openings: &[crate::commitment::Opening],
) -> Option<Action> {
    use crate::message::{Labelled, SquareName, WireOpening};
    use crate::table::Stage;
    use boomchess_rules::Awaiting;
    let beirut = game.referee().beirut()?;
    let opening = |origin| openings.iter().find(|o| o.origin == origin).copied();
    match game.stage() {
        Stage::Committing(owed) if owed[side.index()] && !openings.is_empty() => {
            let mut commitments: Vec<Labelled> = openings
                .iter()
                .map(|o| Labelled {
                    square: SquareName(o.origin),
                    commitment: o.commitment(game.info().id, side.color()),
                })
                .collect();
            commitments.sort_by_key(|c| c.square);
            Some(Action::Commit { commitments })
        }
        Stage::Playing => match beirut.public().awaiting() {
            Awaiting::Switch { owner, origin, .. } if Side::from(owner) == side => {
                let opening = opening(origin)?;
                Some(Action::Switch {
                    carrier: opening.carrier,
                    salt: opening.salt,
                })
            }
            Awaiting::Stuck(color) if Side::from(color) == side => {
                let public = beirut.public();
                let can_boom = openings.iter().filter(|o| o.carrier).any(|o| {
                    public
                        .square_of(o.origin)
                        .is_some_and(|sq| public.may_boom(sq).is_ok())
                });
                (!can_boom).then_some(Action::NoBoom)
            }
            _ => None,
        },
        Stage::Revealing { owed, .. } if owed[side.index()] => Some(Action::Reveal {
            openings: openings.iter().map(|&o| WireOpening::from(o)).collect(),
        }),
        _ => None,
    }
}
